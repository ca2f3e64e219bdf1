import TerminalInput
import Testing

/// One row of the decoder's table: bytes, and the events that `feed(bytes)` then `flush()` give.
struct DecoderCase: Sendable, CustomTestStringConvertible {
  let name: String
  let bytes: [UInt8]
  let events: [InputEvent]
  /// How many of the last `events` come only from `flush()` (bytes held: a lone Esc, a partial sequence).
  let held: Int
  /// The bytes end inside an over-long sequence: nothing is held, but `hasPending` is true until `flush()`.
  let open: Bool

  var testDescription: String { name }

  /// Whether the case can be followed by any other in one stream without changing either's events.
  var isSelfContained: Bool { held == 0 && !open }
}

private let esc = "\u{1B}"
private let cap = InputDecoder.maximumSequenceLength

private func row(
  _ name: String, _ text: String, _ events: [InputEvent], held: Int = 0, open: Bool = false
) -> DecoderCase {
  DecoderCase(name: name, bytes: Array(text.utf8), events: events, held: held, open: open)
}

private func row(
  _ name: String, bytes: [UInt8], _ events: [InputEvent], held: Int = 0, open: Bool = false
) -> DecoderCase {
  DecoderCase(name: name, bytes: bytes, events: events, held: held, open: open)
}

func key(_ key: Key) -> InputEvent { .key(key) }
func mod(_ key: Key, _ modifiers: Modifiers) -> InputEvent { .key(.modified(key, modifiers)) }
func paste(_ text: String) -> InputEvent { .paste(text) }
func char(_ character: Character) -> InputEvent { .key(.character(character)) }
func unknown(_ text: String) -> InputEvent { .unknown(Array(text.utf8)) }

func mouse(_ action: MouseEvent.Action, _ x: Int, _ y: Int, _ modifiers: Modifiers = []) -> InputEvent {
  .mouse(MouseEvent(action, x: x, y: y, modifiers: modifiers))
}

/// `bytes` cut into consecutive pieces of `size` (the last may be shorter), each as `.unknown`.
func unknownPieces(_ bytes: [UInt8], size: Int) -> [InputEvent] {
  stride(from: 0, to: bytes.count, by: size).map { .unknown(Array(bytes[$0..<min($0 + size, bytes.count)])) }
}

enum DecoderTable {
  static let keys: [DecoderCase] = [
    row("printable ASCII letter", "a", [char("a")]),
    row("printable ASCII, several in one read", "Az9~", [char("A"), char("z"), char("9"), char("~")]),
    row("space is .space, not a character", " ", [key(.space)]),
    row("Enter as CR (raw mode)", "\r", [key(.enter)]),
    row("Enter as LF", "\n", [key(.enter)]),
    row("Tab (0x09 is Tab, not Ctrl-I)", "\t", [key(.tab)]),
    row("Backspace as DEL", "\u{7F}", [key(.backspace)]),
    row("Backspace as BS (0x08 is not Ctrl-H)", "\u{08}", [key(.backspace)]),
    row("Ctrl-C", "\u{03}", [key(.control("c"))]),
    row("Ctrl-Z", "\u{1A}", [key(.control("z"))]),
    row("Ctrl-A and Ctrl-R", "\u{01}\u{12}", [key(.control("a")), key(.control("r"))]),
    row("NUL (Ctrl-Space) is Ctrl-@", bytes: [0x00], [key(.control("@"))]),
    row(
      "0x1C-0x1F are Ctrl-\\ ] ^ _", bytes: [0x1C, 0x1D, 0x1E, 0x1F],
      [key(.control("\\")), key(.control("]")), key(.control("^")), key(.control("_"))]),
  ]

  static let escapes: [DecoderCase] = [
    row("lone Esc is Escape at flush", esc, [key(.escape)], held: 1),
    row("Esc Esc: the first is Escape at once, the second at flush", esc + esc, [key(.escape), key(.escape)], held: 1),
    row("Esc then an arrow: Escape, Up", esc + esc + "[A", [key(.escape), key(.up)]),
    row("Esc then Enter: Escape, Enter", esc + "\r", [key(.escape), key(.enter)]),
    row("Esc then DEL: Escape, Backspace", esc + "\u{7F}", [key(.escape), key(.backspace)]),
    row("Esc then Ctrl-C: Escape, Ctrl-C", esc + "\u{03}", [key(.escape), key(.control("c"))]),
    row("Alt+a", esc + "a", [key(.alt("a"))]),
    row("Alt+Shift+A", esc + "A", [key(.alt("A"))]),
    row("Alt+1", esc + "1", [key(.alt("1"))]),
    row("Alt+space", esc + " ", [key(.alt(" "))]),
    row("Alt+é (UTF-8 after Esc)", esc + "é", [key(.alt("é"))]),
    row("Alt+emoji (4-byte UTF-8 after Esc)", esc + "😀", [key(.alt("😀"))]),
    row("Esc then invalid UTF-8: Escape, unknown", bytes: [0x1B, 0x80], [key(.escape), .unknown([0x80])]),
    row(
      "Esc then a C1 control in UTF-8: Escape, unknown", bytes: [0x1B, 0xC2, 0x85],
      [key(.escape), .unknown([0xC2, 0x85])]),
    row(
      "Esc then a partial UTF-8 character, at flush: unknown", bytes: [0x1B, 0xE2, 0x82],
      [.unknown([0x1B, 0xE2, 0x82])], held: 1),
    row("Esc [ alone at flush is Alt+[", esc + "[", [key(.alt("["))], held: 1),
    row("Esc O alone at flush is Alt+O", esc + "O", [key(.alt("O"))], held: 1),
    row("Esc ] alone at flush is Alt+]", esc + "]", [key(.alt("]"))], held: 1),
    row("Esc P alone at flush is Alt+P", esc + "P", [key(.alt("P"))], held: 1),
    row("Esc [ then Enter: Alt+[, Enter", esc + "[\r", [key(.alt("[")), key(.enter)]),
    row("Esc O then Esc: Alt+O, Escape", esc + "O" + esc, [key(.alt("O")), key(.escape)], held: 1),
    row("Esc ] then Enter: Alt+], Enter", esc + "]\r", [key(.alt("]")), key(.enter)]),
    row("a partial CSI at flush is unknown", esc + "[1;5", [unknown(esc + "[1;5")], held: 1),
    row("a partial SGR report at flush is unknown", esc + "[<3", [unknown(esc + "[<3")], held: 1),
    row("a partial legacy report at flush is unknown", esc + "[M a", [unknown(esc + "[M a")], held: 1),
    row(
      "a CSI broken by Esc: unknown, then the Esc", esc + "[1;" + esc, [unknown(esc + "[1;"), key(.escape)], held: 1),
  ]

  static let csiKeys: [DecoderCase] = [
    row("CSI Up", esc + "[A", [key(.up)]),
    row("CSI Down", esc + "[B", [key(.down)]),
    row("CSI Right", esc + "[C", [key(.right)]),
    row("CSI Left", esc + "[D", [key(.left)]),
    row("SS3 Up", esc + "OA", [key(.up)]),
    row("SS3 Down", esc + "OB", [key(.down)]),
    row("SS3 Right", esc + "OC", [key(.right)]),
    row("SS3 Left", esc + "OD", [key(.left)]),
    row("CSI Home (H)", esc + "[H", [key(.home)]),
    row("CSI End (F)", esc + "[F", [key(.end)]),
    row("SS3 Home", esc + "OH", [key(.home)]),
    row("SS3 End", esc + "OF", [key(.end)]),
    row("Home as 1~", esc + "[1~", [key(.home)]),
    row("End as 4~", esc + "[4~", [key(.end)]),
    row("Home as 7~ (rxvt)", esc + "[7~", [key(.home)]),
    row("End as 8~ (rxvt)", esc + "[8~", [key(.end)]),
    row("Insert 2~", esc + "[2~", [key(.insert)]),
    row("Delete 3~", esc + "[3~", [key(.delete)]),
    row("PageUp 5~", esc + "[5~", [key(.pageUp)]),
    row("PageDown 6~", esc + "[6~", [key(.pageDown)]),
    row("F1-F4 as SS3", esc + "OP" + esc + "OQ" + esc + "OR" + esc + "OS", (1...4).map { key(.function($0)) }),
    row("F1-F5 as 11~-15~", (11...15).map { esc + "[\($0)~" }.joined(), (1...5).map { key(.function($0)) }),
    row(
      "F6-F12 as 17~-24~", [17, 18, 19, 20, 21, 23, 24].map { esc + "[\($0)~" }.joined(),
      (6...12).map { key(.function($0)) }),
    row(
      "F1-F5 of the Linux console", (["A", "B", "C", "D", "E"]).map { esc + "[[" + $0 }.joined(),
      (1...5).map { key(.function($0)) }),
    row("Esc [ [ and no F-key letter: unknown, then the byte", esc + "[[x", [unknown(esc + "[["), char("x")]),
    row("Ctrl-Up 1;5A", esc + "[1;5A", [mod(.up, .control)]),
    row("Shift-Left 1;2D", esc + "[1;2D", [mod(.left, .shift)]),
    row("Ctrl-Home 1;5H", esc + "[1;5H", [mod(.home, .control)]),
    row("Shift-PageUp 5;2~", esc + "[5;2~", [mod(.pageUp, .shift)]),
    row("Ctrl-Delete 3;5~", esc + "[3;5~", [mod(.delete, .control)]),
    row("Shift-F1 1;2P", esc + "[1;2P", [mod(.function(1), .shift)]),
    row("Ctrl-F3 1;5R", esc + "[1;5R", [mod(.function(3), .control)]),
    row("a cursor position report is unknown, not F3", esc + "[12;40R", [unknown(esc + "[12;40R")]),
    row("SS3 with a modifier (old xterm 5A) is Ctrl-Up", esc + "O5A", [mod(.up, .control)]),
    row("Shift-Tab", esc + "[Z", [key(.backtab)]),
    row("focus in", esc + "[I", [.focus(true)]),
    row("focus out", esc + "[O", [.focus(false)]),
    row("CSI 2 I is no focus report", esc + "[2I", [unknown(esc + "[2I")]),
    row("keypad Enter", esc + "OM", [key(.enter)]),
    row(
      "keypad digits and operators", esc + "Op" + esc + "Oy" + esc + "Oj" + esc + "On" + esc + "OX",
      [char("0"), char("9"), char("*"), char("."), char("=")]),
    row(
      "keys back to back", esc + "[A" + esc + "OB" + "x" + esc + "[5~",
      [key(.up), key(.down), char("x"), key(.pageUp)]),
  ]

  static let text: [DecoderCase] = [
    row("UTF-8, 2 bytes", "é", [char("é")]),
    row("UTF-8, 3 bytes", "€", [char("€")]),
    row("UTF-8, 3 bytes CJK", "日本", [char("日"), char("本")]),
    row("UTF-8, 4 bytes emoji", "😀", [char("😀")]),
    row("UTF-8, the last scalar U+10FFFF", "\u{10FFFF}", [char("\u{10FFFF}")]),
    row("UTF-8, the first non-C1 scalar U+00A0", "\u{A0}", [char("\u{A0}")]),
    row("a combining mark is its own character", "e\u{301}", [char("e"), char("\u{301}")]),
    row("a flag is two regional indicators", "🇫🇷", [char("🇫"), char("🇷")]),
    row("a partial character at flush is unknown", bytes: [0xE2, 0x82], [.unknown([0xE2, 0x82])], held: 1),
    row("a partial emoji at flush is unknown", bytes: [0xF0, 0x9F, 0x98], [.unknown([0xF0, 0x9F, 0x98])], held: 1),
    row("a lone continuation byte", bytes: [0x80, 0x61], [.unknown([0x80]), char("a")]),
    row("an overlong lead C0", bytes: [0xC0, 0x80], [.unknown([0xC0]), .unknown([0x80])]),
    row("an overlong E0 80", bytes: [0xE0, 0x80, 0x80], [.unknown([0xE0]), .unknown([0x80]), .unknown([0x80])]),
    row("a surrogate ED A0 80", bytes: [0xED, 0xA0, 0x80], [.unknown([0xED]), .unknown([0xA0]), .unknown([0x80])]),
    row(
      "past U+10FFFF: F4 90", bytes: [0xF4, 0x90, 0x80, 0x80],
      [.unknown([0xF4]), .unknown([0x90]), .unknown([0x80]), .unknown([0x80])]),
    row("F5 and FF never start a character", bytes: [0xF5, 0xFF], [.unknown([0xF5]), .unknown([0xFF])]),
    row(
      "a character cut by ASCII: the maximal subpart", bytes: [0xE2, 0x82, 0x61], [.unknown([0xE2, 0x82]), char("a")]),
    row("a character cut by another lead", bytes: [0xE2, 0xC3, 0xA9], [.unknown([0xE2]), char("é")]),
    row("a character cut by Esc", bytes: [0xF0, 0x9F, 0x1B, 0x5B, 0x41], [.unknown([0xF0, 0x9F]), key(.up)]),
    row("a C1 control (U+0085) in UTF-8 is unknown", bytes: [0xC2, 0x85], [.unknown([0xC2, 0x85])]),
  ]

  static let mouseReports: [DecoderCase] = [
    row("SGR left press (tmux)", esc + "[<0;10;5M", [mouse(.press(.left), 9, 4)]),
    row("SGR motion with the left button (tmux)", esc + "[<32;11;5M", [mouse(.motion, 10, 4)]),
    row("SGR left release (tmux)", esc + "[<0;11;5m", [mouse(.release(.left), 10, 4)]),
    row(
      "SGR middle press and release", esc + "[<1;3;4M" + esc + "[<1;3;4m",
      [mouse(.press(.middle), 2, 3), mouse(.release(.middle), 2, 3)]),
    row(
      "SGR right press and release", esc + "[<2;1;1M" + esc + "[<2;1;1m",
      [mouse(.press(.right), 0, 0), mouse(.release(.right), 0, 0)]),
    row("SGR motion with the right button", esc + "[<34;7;8M", [mouse(.motion, 6, 7)]),
    row("SGR motion without a button", esc + "[<35;7;8M", [mouse(.motion, 6, 7)]),
    row("SGR release without a button is the left's", esc + "[<3;7;8m", [mouse(.release(.left), 6, 7)]),
    row("SGR wheel up", esc + "[<64;20;10M", [mouse(.wheelUp, 19, 9)]),
    row("SGR wheel down", esc + "[<65;20;10M", [mouse(.wheelDown, 19, 9)]),
    row("SGR wheel left", esc + "[<66;20;10M", [mouse(.wheelLeft, 19, 9)]),
    row("SGR wheel right", esc + "[<67;20;10M", [mouse(.wheelRight, 19, 9)]),
    row("SGR wheel 'release' is unknown", esc + "[<64;20;10m", [unknown(esc + "[<64;20;10m")]),
    row("SGR Shift press", esc + "[<4;2;2M", [mouse(.press(.left), 1, 1, .shift)]),
    row("SGR Alt press", esc + "[<8;2;2M", [mouse(.press(.left), 1, 1, .alt)]),
    row("SGR Control press", esc + "[<16;2;2M", [mouse(.press(.left), 1, 1, .control)]),
    row(
      "SGR Shift+Alt+Control right press", esc + "[<30;2;2M", [mouse(.press(.right), 1, 1, [.shift, .alt, .control])]),
    row("SGR Control drag", esc + "[<48;5;6M", [mouse(.motion, 4, 5, .control)]),
    row("SGR Shift wheel down", esc + "[<69;5;6M", [mouse(.wheelDown, 4, 5, .shift)]),
    row("SGR coordinates 0 clamp to 0", esc + "[<0;0;0M", [mouse(.press(.left), 0, 0)]),
    row("SGR empty parameters are 0", esc + "[<;;M", [mouse(.press(.left), 0, 0)]),
    row("SGR at the largest coordinate", esc + "[<0;100000;100000M", [mouse(.press(.left), 99_999, 99_999)]),
    row("SGR huge x clamps (no overflow)", esc + "[<0;99999999999999999999999;1M", [mouse(.press(.left), 99_999, 0)]),
    row(
      "SGR huge y clamps (no overflow)", esc + "[<32;1;" + String(repeating: "9", count: 55) + "M",
      [mouse(.motion, 0, 99_999)]),
    row(
      "SGR huge button code is unknown", esc + "[<99999999999999999999;1;1M",
      [unknown(esc + "[<99999999999999999999;1;1M")]),
    row("SGR button 8 (code 128) is unknown", esc + "[<128;1;1M", [unknown(esc + "[<128;1;1M")]),
    row("SGR with two parameters is unknown", esc + "[<0;1M", [unknown(esc + "[<0;1M")]),
    row("SGR with four parameters is unknown", esc + "[<0;1;1;1M", [unknown(esc + "[<0;1;1;1M")]),
    row(
      "SGR with twenty parameters is unknown",
      esc + "[<" + Array(repeating: "1", count: 20).joined(separator: ";") + "M",
      [unknown(esc + "[<" + Array(repeating: "1", count: 20).joined(separator: ";") + "M")]),
    row("SGR with a stray marker is unknown", esc + "[<0;1<;1M", [unknown(esc + "[<0;1<;1M")]),
    row("SGR with the wrong final is unknown", esc + "[<0;1;1x", [unknown(esc + "[<0;1;1x")]),
    row(
      "a press, drag and release", esc + "[<0;10;5M" + esc + "[<32;11;5M" + esc + "[<32;12;6M" + esc + "[<0;12;6m",
      [mouse(.press(.left), 9, 4), mouse(.motion, 10, 4), mouse(.motion, 11, 5), mouse(.release(.left), 11, 5)]),
    row("legacy left press", bytes: [0x1B, 0x5B, 0x4D, 0x20, 0x2A, 0x25], [mouse(.press(.left), 9, 4)]),
    row("legacy release (code 3)", bytes: [0x1B, 0x5B, 0x4D, 0x23, 0x2A, 0x25], [mouse(.release(.left), 9, 4)]),
    row(
      "legacy right press with Control", bytes: [0x1B, 0x5B, 0x4D, 0x32, 0x21, 0x21],
      [mouse(.press(.right), 0, 0, .control)]),
    row("legacy drag", bytes: [0x1B, 0x5B, 0x4D, 0x40, 0x2B, 0x25], [mouse(.motion, 10, 4)]),
    row(
      "legacy wheel up and down", bytes: [0x1B, 0x5B, 0x4D, 0x60, 0x21, 0x21, 0x1B, 0x5B, 0x4D, 0x61, 0x21, 0x21],
      [mouse(.wheelUp, 0, 0), mouse(.wheelDown, 0, 0)]),
    row(
      "legacy coordinate bytes below 33 clamp to 0", bytes: [0x1B, 0x5B, 0x4D, 0x20, 0x20, 0x00],
      [mouse(.press(.left), 0, 0)]),
    row("legacy coordinate 255", bytes: [0x1B, 0x5B, 0x4D, 0x20, 0xFF, 0xFF], [mouse(.press(.left), 222, 222)]),
    row(
      "legacy report carrying an Esc byte is still one report", bytes: [0x1B, 0x5B, 0x4D, 0x20, 0x1B, 0x5B],
      [mouse(.press(.left), 0, 58)]),
    row(
      "legacy code byte below 32 is unknown", bytes: [0x1B, 0x5B, 0x4D, 0x10, 0x21, 0x21],
      [.unknown([0x1B, 0x5B, 0x4D, 0x10, 0x21, 0x21])]),
    row(
      "legacy code 128 is unknown", bytes: [0x1B, 0x5B, 0x4D, 0xA0, 0x21, 0x21],
      [.unknown([0x1B, 0x5B, 0x4D, 0xA0, 0x21, 0x21])]),
  ]

  static let unknowns: [DecoderCase] = [
    row("device attributes reply", esc + "[?1;2c", [unknown(esc + "[?1;2c")]),
    row("secondary device attributes reply", esc + "[>0;276;0c", [unknown(esc + "[>0;276;0c")]),
    row("CSI u with a control code is unknown", esc + "[5u", [unknown(esc + "[5u")]),
    row("an unknown ~ number", esc + "[99~", [unknown(esc + "[99~")]),
    row("CSI ~ without a number", esc + "[~", [unknown(esc + "[~")]),
    row("keypad 5 (CSI E)", esc + "[E", [unknown(esc + "[E")]),
    row("sub-parameters", esc + "[1:2A", [unknown(esc + "[1:2A")]),
    row("an intermediate byte", esc + "[1 q", [unknown(esc + "[1 q")]),
    row("an unknown SS3 final", esc + "Oz", [unknown(esc + "Oz")]),
    row("a paste's end marker alone is unknown", esc + "[201~", [unknown(esc + "[201~")]),
    row("CSI 200 with a modifier is no paste", esc + "[200;2~", [unknown(esc + "[200;2~")]),
    row("a CSI broken by a control byte", esc + "[1;2\r", [unknown(esc + "[1;2"), key(.enter)]),
    row("a CSI broken by an Esc sequence", esc + "[1;2" + esc + "[B", [unknown(esc + "[1;2"), key(.down)]),
    row("a CSI broken by UTF-8", esc + "[1é", [unknown(esc + "[1"), char("é")]),
    row("OSC ended by BEL", esc + "]11;rgb:0000/0000/0000\u{07}", [unknown(esc + "]11;rgb:0000/0000/0000\u{07}")]),
    row(
      "OSC ended by ESC \\", esc + "]11;rgb:ffff/ffff/ffff" + esc + "\\",
      [unknown(esc + "]11;rgb:ffff/ffff/ffff" + esc + "\\")]),
    row("OSC holding UTF-8", esc + "]0;été\u{07}", [unknown(esc + "]0;été\u{07}")]),
    row("empty OSC", esc + "]\u{07}", [unknown(esc + "]\u{07}")]),
    row("DCS reply", esc + "P1$r0m" + esc + "\\", [unknown(esc + "P1$r0m" + esc + "\\")]),
    row("APC reply", esc + "_Gi=1;OK" + esc + "\\", [unknown(esc + "_Gi=1;OK" + esc + "\\")]),
    row("OSC then a key", esc + "]0;x\u{07}a", [unknown(esc + "]0;x\u{07}"), char("a")]),
    row("OSC broken by an Esc sequence", esc + "]0;x" + esc + "[A", [unknown(esc + "]0;x"), key(.up)]),
    row("OSC broken by Enter", esc + "]0;x\r", [unknown(esc + "]0;x"), key(.enter)]),
    row("OSC without an end, at flush", esc + "]0;title", [unknown(esc + "]0;title")], held: 1),
    row("OSC ending in a lone Esc, at flush", esc + "]0;t" + esc, [unknown(esc + "]0;t" + esc)], held: 1),
  ]

  /// Sequences that reach `maximumSequenceLength`: reported in pieces of that length, never held longer.
  static let overLong: [DecoderCase] = {
    let params = Array((esc + "[" + String(repeating: "1;", count: 100) + "A").utf8)
    let digits = Array((esc + "[" + String(repeating: "9", count: 1000)).utf8)
    let sgr = Array((esc + "[<" + String(repeating: "1;", count: 500) + "1M").utf8)
    let osc = Array((esc + "]52;c;" + String(repeating: "A", count: 300) + "\u{07}").utf8)
    let exact = Array((esc + "[" + String(repeating: "1", count: cap - 2)).utf8)
    let straddling = Array((esc + "]" + String(repeating: "x", count: cap - 3) + esc + "\\").utf8)
    let beforeCap = Array((esc + "[" + String(repeating: "1", count: cap - 3) + "A").utf8)
    return [
      row("a CSI of 200 parameter bytes comes in pieces", bytes: params, unknownPieces(params, size: cap)),
      row(
        "a CSI that never ends is cut, and Enter still counts", bytes: digits + [0x0D],
        unknownPieces(digits, size: cap) + [key(.enter)]),
      row("an SGR report of 500 parameters comes in pieces", bytes: sgr, unknownPieces(sgr, size: cap)),
      row("a long OSC comes in pieces up to its BEL", bytes: osc, unknownPieces(osc, size: cap)),
      row("a CSI exactly as long as the cap is cut at once", bytes: exact, [.unknown(exact)], open: true),
      row("a CSI of exactly the cap, final byte included, still decodes", bytes: beforeCap, [key(.up)]),
      row("an ESC \\ across the cap stays with its string", bytes: straddling, [.unknown(straddling)]),
      row(
        "after a cut, the rest of the sequence and its final byte are unknown, the next key is not",
        bytes: exact + Array("23A".utf8) + [0x61], [.unknown(exact), unknown("23A"), char("a")]),
    ]
  }()

  /// xterm's modifier parameter on every kind of key, `CSI u` (fixterms, kitty), modifyOtherKeys, rxvt.
  static let modifiedKeys: [DecoderCase] = {
    let names: [(String, Modifiers)] = [
      ("Shift", .shift), ("Alt", .alt), ("Shift-Alt", [.shift, .alt]), ("Ctrl", .control),
      ("Ctrl-Shift", [.control, .shift]), ("Ctrl-Alt", [.control, .alt]), ("Ctrl-Alt-Shift", [.control, .alt, .shift]),
      ("Meta", .meta), ("Meta-Ctrl-Alt-Shift", [.meta, .control, .alt, .shift]),
    ]
    let cases = [2, 3, 4, 5, 6, 7, 8, 9, 16]
    var rows = zip(names, cases).map { pair, number in
      row("\(pair.0)-Up as 1;\(number)A", esc + "[1;\(number)A", [mod(.up, pair.1)])
    }
    rows += [
      row("1;1 is no modifier", esc + "[1;1B", [key(.down)]),
      row(
        "Shift-Right, Alt-Left, Ctrl-Down", esc + "[1;2C" + esc + "[1;3D" + esc + "[1;5B",
        [mod(.right, .shift), mod(.left, .alt), mod(.down, .control)]),
      row("Shift-End 1;2F", esc + "[1;2F", [mod(.end, .shift)]),
      row("Ctrl-PageDown 6;5~", esc + "[6;5~", [mod(.pageDown, .control)]),
      row("Alt-Insert 2;3~", esc + "[2;3~", [mod(.insert, .alt)]),
      row("Ctrl-Home as 1;5~", esc + "[1;5~", [mod(.home, .control)]),
      row(
        "Shift-F5 15;2~ and Ctrl-F12 24;5~", esc + "[15;2~" + esc + "[24;5~",
        [mod(.function(5), .shift), mod(.function(12), .control)]),
      row(
        "Ctrl-Shift-F2 1;6Q, Ctrl-Alt-F4 1;7S", esc + "[1;6Q" + esc + "[1;7S",
        [mod(.function(2), [.control, .shift]), mod(.function(4), [.control, .alt])]),
      row("Ctrl-Shift-Tab 1;5Z", esc + "[1;5Z", [mod(.tab, [.control, .shift])]),
      row("Caps Lock (64) is left out: 1;69A is Ctrl-Up", esc + "[1;69A", [mod(.up, .control)]),
      row("Caps Lock alone: 1;65A is Up", esc + "[1;65A", [key(.up)]),
      row("Hyper (16) is no modifier known: unknown", esc + "[1;17A", [unknown(esc + "[1;17A")]),
      row("a huge modifier number is unknown", esc + "[1;99999999A", [unknown(esc + "[1;99999999A")]),
      row(
        "SS3 Shift-F1 (O2P) and Ctrl-Up (O1;5A)", esc + "O2P" + esc + "O1;5A",
        [mod(.function(1), .shift), mod(.up, .control)]),
      row("CSI u: Ctrl-a is Ctrl-A, as byte 0x01", esc + "[97;5u", [key(.control("a"))]),
      row("CSI u: Ctrl-Shift-a", esc + "[97;6u", [mod(.character("a"), [.control, .shift])]),
      row("CSI u: Alt-a is Alt+a, as Esc a", esc + "[97;3u", [key(.alt("a"))]),
      row("CSI u: Ctrl-Alt-a", esc + "[97;7u", [mod(.character("a"), [.control, .alt])]),
      row("CSI u: a code alone is the character", esc + "[233u", [char("é")]),
      row("CSI u: Shift-Enter", esc + "[13;2u", [mod(.enter, .shift)]),
      row(
        "CSI u: Escape, Tab, Backspace, Space", esc + "[27u" + esc + "[9u" + esc + "[127u" + esc + "[32u",
        [key(.escape), key(.tab), key(.backspace), key(.space)]),
      row("CSI u: Shift-Tab is Backtab", esc + "[9;2u", [key(.backtab)]),
      row("CSI u: Ctrl-Tab", esc + "[9;5u", [mod(.tab, .control)]),
      row("CSI u: Alt-Backspace", esc + "[127;3u", [mod(.backspace, .alt)]),
      row(
        "CSI u: Ctrl-Space and Alt-Space", esc + "[32;5u" + esc + "[32;3u", [mod(.space, .control), key(.alt(" "))]),
      row("CSI u: Ctrl-1", esc + "[49;5u", [mod(.character("1"), .control)]),
      row("CSI u: Ctrl-@ as NUL reads", esc + "[64;5u", [key(.control("@"))]),
      row(
        "CSI u: kitty's shifted alternate is read past", esc + "[97:65;6u", [mod(.character("a"), [.control, .shift])]),
      row("CSI u: kitty's press event (:1)", esc + "[97;5:1u", [key(.control("a"))]),
      row("CSI u: a release event (:3) is unknown", esc + "[97;5:3u", [unknown(esc + "[97;5:3u")]),
      row("CSI u: kitty's text field is unknown", esc + "[97;1;97u", [unknown(esc + "[97;1;97u")]),
      row("CSI u: a private-use code (kitty's keypad) is unknown", esc + "[57399u", [unknown(esc + "[57399u")]),
      row("CSI u: code 0 is unknown", esc + "[0u", [unknown(esc + "[0u")]),
      row("kitty's flags reply (CSI ? 1 u) is unknown", esc + "[?1u", [unknown(esc + "[?1u")]),
      row("modifyOtherKeys: Ctrl-Enter 27;5;13~", esc + "[27;5;13~", [mod(.enter, .control)]),
      row("modifyOtherKeys: Ctrl-a 27;5;97~", esc + "[27;5;97~", [key(.control("a"))]),
      row("modifyOtherKeys with a control code is unknown", esc + "[27;5;1~", [unknown(esc + "[27;5;1~")]),
      row(
        "rxvt: Shift-arrows ESC [ a-d", esc + "[a" + esc + "[b" + esc + "[c" + esc + "[d",
        [mod(.up, .shift), mod(.down, .shift), mod(.right, .shift), mod(.left, .shift)]),
      row(
        "rxvt: Ctrl-arrows ESC O a-d", esc + "Oa" + esc + "Ob" + esc + "Oc" + esc + "Od",
        [mod(.up, .control), mod(.down, .control), mod(.right, .control), mod(.left, .control)]),
      row(
        "rxvt: Ctrl-PageUp 5^, Ctrl-Delete 3^", esc + "[5^" + esc + "[3^",
        [mod(.pageUp, .control), mod(.delete, .control)]),
      row("rxvt: Ctrl-Shift-Insert 2@", esc + "[2@", [mod(.insert, [.control, .shift])]),
      row(
        "rxvt: Shift-PageDown 6$, Shift-Home 7$", esc + "[6$" + esc + "[7$",
        [mod(.pageDown, .shift), mod(.home, .shift)]),
      row("rxvt: a $ key, then a letter", esc + "[5$a", [mod(.pageUp, .shift), char("a")]),
      row("rxvt: an unknown $ number is unknown", esc + "[99$", [unknown(esc + "[99$")]),
      row("rxvt: ESC [ 5 at flush is unknown", esc + "[5", [unknown(esc + "[5")], held: 1),
      row(
        "a mode report (CSI ? 2026 ; 2 $ y) is unknown, not Shift", esc + "[?2026;2$y",
        [unknown(esc + "[?2026;2$y")]),
      row("an ANSI mode report (CSI 4 ; 2 $ y) is unknown", esc + "[4;2$y", [unknown(esc + "[4;2$y")]),
    ]
    return rows
  }()

  /// urxvt's mouse mode 1015: decimal numbers, the button code plus 32.
  static let urxvtMouse: [DecoderCase] = [
    row("urxvt left press", esc + "[32;10;5M", [mouse(.press(.left), 9, 4)]),
    row("urxvt release (code 3)", esc + "[35;10;5M", [mouse(.release(.left), 9, 4)]),
    row("urxvt drag", esc + "[64;11;5M", [mouse(.motion, 10, 4)]),
    row("urxvt wheel down", esc + "[97;3;3M", [mouse(.wheelDown, 2, 2)]),
    row("urxvt Control right press", esc + "[50;1;1M", [mouse(.press(.right), 0, 0, .control)]),
    row("urxvt past column 223", esc + "[32;500;300M", [mouse(.press(.left), 499, 299)]),
    row("urxvt code below 32 is unknown", esc + "[5;1;1M", [unknown(esc + "[5;1;1M")]),
    row("urxvt with two numbers is unknown", esc + "[32;1M", [unknown(esc + "[32;1M")]),
  ]

  /// Bracketed paste: one `.paste` for everything between the markers.
  static let pastes: [DecoderCase] = [
    row("a paste", esc + "[200~hello" + esc + "[201~", [paste("hello")]),
    row("an empty paste", esc + "[200~" + esc + "[201~", [paste("")]),
    row("a paste then a key", esc + "[200~q" + esc + "[201~q", [paste("q"), char("q")]),
    row("a key then a paste", "x" + esc + "[200~y" + esc + "[201~", [char("x"), paste("y")]),
    row(
      "control characters are text", esc + "[200~a\rb\tc\u{03}\u{7F}" + esc + "[201~",
      [paste("a\rb\tc\u{03}\u{7F}")]),
    row(
      "escape sequences are text", esc + "[200~" + esc + "[A" + esc + "[<0;1;1M" + esc + "[201~",
      [paste(esc + "[A" + esc + "[<0;1;1M")]),
    row(
      "a start marker inside is text", esc + "[200~a" + esc + "[200~b" + esc + "[201~",
      [paste("a" + esc + "[200~b")]),
    row(
      "an almost end marker inside is text", esc + "[200~a" + esc + "[201b" + esc + "[20" + esc + "[201~",
      [paste("a" + esc + "[201b" + esc + "[20")]),
    row("UTF-8 text", esc + "[200~日本語 😀 e\u{301}" + esc + "[201~", [paste("日本語 😀 e\u{301}")]),
    row(
      "invalid UTF-8 becomes U+FFFD",
      bytes: Array((esc + "[200~a").utf8) + [0xFF, 0xC3] + Array("b".utf8) + Array((esc + "[201~").utf8),
      [paste("a\u{FFFD}\u{FFFD}b")]),
    row(
      "a paste longer than the sequence cap", esc + "[200~" + String(repeating: "xyz ", count: 100) + esc + "[201~",
      [paste(String(repeating: "xyz ", count: 100))]),
    row("two pastes", esc + "[200~1" + esc + "[201~" + esc + "[200~2" + esc + "[201~", [paste("1"), paste("2")]),
    row("no end marker: the text so far at flush", esc + "[200~abc", [paste("abc")], held: 1),
    row(
      "no end marker, a partial one at flush", esc + "[200~abc" + esc + "[20", [paste("abc" + esc + "[20")], held: 1),
    row("a start marker alone at flush", esc + "[200~", [paste("")], held: 1),
    row("a partial start marker at flush is unknown", esc + "[200", [unknown(esc + "[200")], held: 1),
  ]

  static let all: [DecoderCase] =
    keys + escapes + csiKeys + modifiedKeys + text + mouseReports + urxvtMouse + pastes + unknowns + overLong
}
