/// Keys by name, as people write them: the editor's help and keys file (`Space`, `Ctrl-S`, `Shift-Up`,
/// `h`), and `tilegrid play`'s events file (`space`, `ctrl-s`, `shift-up`). Reading takes either
/// spelling; `name` writes the first.
extension Key {
  /// The keys with a name of their own, as `name` writes them. `Hash` and `Comma` are `#` and `,`, which
  /// a keys file reads as a comment and a separator.
  public static let names: [(name: String, key: Key)] = [
    ("Space", .space), ("Enter", .enter), ("Esc", .escape), ("Tab", .tab), ("Shift-Tab", .backtab),
    ("Backspace", .backspace), ("Delete", .delete), ("Insert", .insert), ("Left", .left), ("Right", .right),
    ("Up", .up), ("Down", .down), ("PgUp", .pageUp), ("PgDn", .pageDown), ("Home", .home), ("End", .end),
    ("Hash", .character("#")), ("Comma", .character(",")),
  ]

  /// Other spellings read (in any case).
  static let aliases: [String: Key] = [
    "escape": .escape, "return": .enter, "pageup": .pageUp, "pagedown": .pageDown, "del": .delete,
    "backtab": .backtab,
  ]

  /// The words for modifiers, in the order `name` writes them (any order and case reads).
  public static let modifierNames: [(word: String, modifier: Modifiers)] = [
    ("Ctrl", .control), ("Alt", .alt), ("Shift", .shift), ("Meta", .meta),
  ]

  /// The key's name as the help writes it: `Space`, `Ctrl-R` (a Ctrl-letter in capitals, as people
  /// write it), `Alt-x`, `F5`, `Shift-Up`, `Ctrl-Alt-PgDn`, or the character itself.
  public var name: String {
    if let named = Self.names.first(where: { $0.key == self }) { return named.name }
    switch self {
    case .character(let c): return String(c)
    case .control(let c): return "Ctrl-" + c.uppercased()
    case .alt(let c): return "Alt-" + (c == " " ? "Space" : Key.character(c).name)
    case .function(let n): return "F\(n)"
    case .modified(let base, let modifiers):
      let words = Self.modifierNames.filter { modifiers.contains($0.modifier) }.map { $0.word + "-" }
      return words.joined() + base.name
    default: return "\(self)"
    }
  }

  /// The key a name gives, or nil: a key's own name or alias (in any case), `F1` to `F24`, one
  /// character (not a space), or modifier words before one of these (`ctrl-`, `alt-`, `shift-`,
  /// `meta-`, in any case and order). A modified name gives the key `with(_:)` makes, so `Ctrl-R` is
  /// the key the terminal's byte 0x12 decodes to, and `Shift-Tab` is Shift-Tab.
  public init?(name: String) {
    var rest = Substring(name)
    var modifiers: Modifiers = []
    while let dash = rest.firstIndex(of: "-"), dash != rest.startIndex, rest.index(after: dash) != rest.endIndex,
      let word = Self.modifierNames.first(where: { $0.word.lowercased() == rest[..<dash].lowercased() })
    {
      modifiers.insert(word.modifier)
      rest = rest[rest.index(after: dash)...]
    }
    guard let key = Self.unmodified(String(rest)) else { return nil }
    self = key.with(modifiers)
  }

  /// A key's own name, without modifiers.
  private static func unmodified(_ name: String) -> Key? {
    if name.count == 1, let c = name.first { return c == " " ? nil : .character(c) }
    let lower = name.lowercased()
    if let named = names.first(where: { $0.name.lowercased() == lower }) { return named.key }
    if let key = aliases[lower] { return key }
    if lower.first == "f", let n = Int(lower.dropFirst()), (1...24).contains(n) {
      return .function(n)
    }
    return nil
  }
}
