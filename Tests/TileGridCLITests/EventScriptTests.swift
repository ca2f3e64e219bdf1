import TileGridCLI
import Document
import Canvas
import TerminalInput
import Testing

@testable import Editor

@Suite("Events files: every key is writable, raw input, one size rule")
struct EventScriptTests {
  static func events(_ text: String) throws(EventScriptError) -> [ScriptEvent] {
    try EventScript.parse(Array(text.utf8)).map(\.event)
  }

  @Test func everyKeyNameReadsBack() throws {
    var keys: [Key] = EventScript.keyNames.map(\.key)
    keys += ["a", "u", "U", "?", "/", "#", "한", "é"].map { Key.character($0) }
    keys += "abcdefghijklmnopqrstuvwxyz".map { Key.control($0) }
    keys += [.alt("x"), .alt("#"), .alt(" "), .function(1), .function(12)]
    for key in keys {
      let name = EventScript.name(of: key)
      #expect(try Self.events("key \(name)") == [.input(.key(key))], "key \(name)")
    }
  }

  @Test func hashAndCtrlLettersAreWritable() throws {
    #expect(try Self.events("key hash  # a comment") == [.input(.key(.character("#")))])
    #expect(try Self.events("key ctrl-r") == [.input(.key(.control("r")))])
    #expect(try Self.events("key Ctrl-C") == [.input(.key(.control("c")))])
  }

  @Test func inputStringsKeepEveryByteAndIgnoreHashesInside() throws {
    #expect(try Self.events(#"input "\e[<0;3;4M#x\x00\\\"" # comment"#)
      == [.bytes([0x1B] + Array("[<0;3;4M#x".utf8) + [0x00, 0x5C, 0x22])])
    let all = (0...255).map { UInt8($0) }
    #expect(try Self.events(EventScript.inputLine(all)) == [.bytes(all)])
  }

  @Test(arguments: [
    ("resize 0 10", "W must be a whole number from 1 to 100000"),
    ("resize 10 100001", "H must be a whole number from 1 to 100000"),
    (#"input "\q""#, "unknown escape"),
    (#"input "\x4""#, "two hex digits"),
    (#"input "open"#, "not closed"),
    ("input abc", "one quoted string"),
    ("key ctrl-1", "unknown key 'ctrl-1'"),
  ])
  func badLinesNameTheProblem(line: String, message: String) {
    do throws(EventScriptError) {
      _ = try Self.events(line)
      Issue.record("'\(line)' was accepted")
    } catch {
      #expect(error.line == 1)
      #expect(error.message.contains(message), "\(error.message)")
    }
  }

  @Test func everyEventIsWrittenAsALineThatReadsBackTheSame() throws {
    let buttons: [MouseButton] = [.left, .middle, .right]
    var events: [ScriptEvent] = [
      .wait(0), .wait(250), .bytes([0x1B, 0x00, 0xFF]), .signal(.interrupt), .signal(.terminate),
      .saving(.file), .saving(.askForPath), .saving(.standardOutput), .saveResult(nil),
      .saveResult(.changedOnDisk), .saveResult(.readOnly), .input(.resize(width: 1, height: 100_000)),
    ]
    for action: MouseEvent.Action in [.motion, .wheelUp, .wheelDown, .wheelLeft, .wheelRight]
      + buttons.flatMap({ [MouseEvent.Action.press($0), .release($0)] })
    {
      for modifiers: Modifiers in [[], .shift, [.control, .alt]] {
        events.append(.input(.mouse(MouseEvent(action, x: 7, y: 0, modifiers: modifiers))))
      }
    }
    events += EventScript.keyNames.map { .input(.key($0.key)) } + [.input(.key(.control("z"))), .input(.key(.alt("x")))]
    for event in events {
      let line = EventScript.line(event)
      var parsed = try Self.events(line)
      // Focus changes and input the verbs cannot say come back as the bytes a terminal sends.
      if case .bytes(let bytes) = parsed.first, case .input = event {
        var decoder = InputDecoder()
        parsed = decoder.feed(bytes).map { ScriptEvent.input($0) }
      }
      #expect(parsed == [event], "\(line)")
    }
    #expect(EventScript.line(.input(.focus(false))) == #"input "\e[O""#)
  }

  @Test func tinyScreensAreValid() throws {
    #expect(try Self.events("resize 1 1") == [.input(.resize(width: 1, height: 1))])
  }
}
