@testable import Runtime
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
    keys += [.alt("x"), .alt("#"), .alt(" "), .function(1), .function(12), .control("@"), .control("_")]
    let modifierSets: [Modifiers] = [.shift, .control, .alt, .meta, [.control, .shift], [.control, .alt, .shift, .meta]]
    for base in [Key.up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .insert, .delete, .function(5), .enter] {
      keys += modifierSets.map { Key.modified(base, $0) }
    }
    keys += [.modified(.character("a"), [.control, .alt]), .modified(.character("#"), .control), .modified(.tab, .control)]
    keys += [.modified(.space, .control), .modified(.character("1"), .control), .modified(.character("-"), [.alt, .shift])]
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

  @Test("modified keys: any order and case of the words, written in one order, the decoder's form")
  func modifiedKeyNames() throws {
    #expect(try Self.events("key shift-up") == [.input(.key(.modified(.up, .shift)))])
    #expect(try Self.events("key Alt-Ctrl-Left") == [.input(.key(.modified(.left, [.control, .alt])))])
    #expect(EventScript.name(of: .modified(.left, [.shift, .alt, .control])) == "ctrl-alt-shift-left")
    #expect(try Self.events("key shift-tab") == [.input(.key(.backtab))])
    #expect(try Self.events("key ctrl-shift-tab") == [.input(.key(.modified(.tab, [.control, .shift])))])
    #expect(try Self.events("key alt-space") == [.input(.key(.alt(" ")))])
    #expect(try Self.events("key ctrl-alt-hash") == [.input(.key(.modified(.character("#"), [.control, .alt])))])
    #expect(try Self.events("key alt--") == [.input(.key(.alt("-")))])
    // The names read as the terminal's bytes decode.
    var decoder = InputDecoder()
    #expect(try Self.events("key ctrl-shift-f5") == decoder.feed(Array("\u{1B}[15;6~".utf8)).map { .input($0) })
    #expect(try Self.events("key ctrl-a") == decoder.feed(Array("\u{1B}[97;5u".utf8)).map { .input($0) })
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
    ("key shift-nothing", "unknown key 'shift-nothing'"),
    ("key ctrl-", "unknown key 'ctrl-'"),
    ("key hyper-up", "unknown key 'hyper-up'"),
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
      .diskChanged(.file("session.events.disk-2.json")), .diskChanged(.file("a \"b\".json")), .diskChanged(.deleted),
      .diskChanged(.unreadable),
    ]
    for action: MouseEvent.Action in [.motion, .wheelUp, .wheelDown, .wheelLeft, .wheelRight]
      + buttons.flatMap({ [MouseEvent.Action.press($0), .release($0)] })
    {
      for modifiers: Modifiers in [[], .shift, [.control, .alt]] {
        events.append(.input(.mouse(MouseEvent(action, x: 7, y: 0, modifiers: modifiers))))
      }
    }
    events += EventScript.keyNames.map { .input(.key($0.key)) } + [.input(.key(.control("z"))), .input(.key(.alt("x")))]
    events += [.input(.key(.modified(.up, .shift))), .input(.paste("pasted\r\u{1B}[A text")), .input(.paste(""))]
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
