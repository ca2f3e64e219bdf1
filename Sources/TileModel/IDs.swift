/// Ids made from titles, for tiles and sections a person adds (the editor's `a` and `A`) and for files
/// whose format has no ids (Markdown boards, plain lines, CSV without an `id` column).
///
///     IDs.base(forTitle: "Buy milk!")      // "buy-milk"
///     IDs.base(forTitle: "회의 준비")        // "회의-준비": letters of any script are kept
///     IDs.base(forTitle: "?!", fallback: "tile")   // "tile"
///     IDs.unique("buy-milk", isTaken: { $0 == "buy-milk" })   // "buy-milk-2"
public enum IDs {
  /// The title lowercased, each run of characters that are not letters or digits (of any script)
  /// written as one `-`, and `-` at the ends dropped; a combining mark, variation selector or joiner
  /// that follows no letter or digit is not kept (`완료 ✔️` is `완료`); `fallback` when nothing is
  /// left; then `shortened` to `slugLimit` bytes.
  /// - Complexity: O(title length).
  public static func base(forTitle title: String, fallback: String = "tile") -> String {
    shortened(slug(forTitle: title, fallback: fallback))
  }

  /// The whole slug of `base`, before it is shortened to `slugLimit` bytes.
  public static func slug(forTitle title: String, fallback: String = "tile") -> String {
    var id = ""
    var pendingDash = false
    for scalar in title.lowercased().unicodeScalars {
      // A mark counts with the letter it follows; after a separator, or first, it is one.
      if isMark(scalar) && (pendingDash || id.isEmpty) {
        pendingDash = true
      } else if isLetterOrDigit(scalar) {
        if pendingDash && !id.isEmpty { id.append("-") }
        pendingDash = false
        id.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
    }
    return id.isEmpty ? fallback : id
  }

  /// The most bytes of a slug an id keeps (`Write the quarterly report for the board` is
  /// `write-the-quarterly-report-for-t`), so that ids stay short enough to type in a script.
  public static let slugLimit = 32

  /// `slug` cut to at most `slugLimit` UTF-8 bytes, between scalars, without a `-` at its end.
  public static func shortened(_ slug: String) -> String {
    guard slug.utf8.count > slugLimit else { return slug }
    var kept = ""
    var bytes = 0
    for scalar in slug.unicodeScalars {
      let n = scalar.utf8.count
      if bytes + n > slugLimit { break }
      kept.unicodeScalars.append(scalar)
      bytes += n
    }
    // A mark left at the end without its letter is cut with it; so is a `-`.
    while let last = kept.unicodeScalars.last, last == "-" || isMark(last) { kept.unicodeScalars.removeLast() }
    return kept.isEmpty ? String(slug.unicodeScalars.prefix(1)) : kept
  }

  /// Four hex digits from the whole slug (FNV-1a, 32 bits, folded to 16): what tells apart two long
  /// titles that share their first `slugLimit` bytes, the same on every read.
  public static func suffix(of slug: String) -> String {
    var hash: UInt32 = 0x811C_9DC5
    for byte in slug.utf8 {
      hash ^= UInt32(byte)
      hash = hash &* 0x0100_0193
    }
    let folded = (hash >> 16) ^ (hash & 0xFFFF)
    let digits = Array("0123456789abcdef")
    return String((0..<4).map { digits[Int(folded >> (12 - 4 * UInt32($0))) & 0xF] })
  }

  /// The id for a whole slug that no other has: the slug, shortened; when that is taken and the slug
  /// was cut, the shortened slug and `-` and its `suffix`; then `-2`, `-3`, … as `unique` does.
  public static func unique(slug: String, isTaken: (String) -> Bool) -> String {
    let short = shortened(slug)
    if short == slug || !isTaken(short) { return unique(short, isTaken: isTaken) }
    return unique(short + "-" + suffix(of: slug), isTaken: isTaken)
  }

  /// `base` when it is free, else the first of `base-2`, `base-3`, … that is.
  /// - Complexity: one `isTaken` call per candidate tried.
  public static func unique(_ base: String, isTaken: (String) -> Bool) -> String {
    guard isTaken(base) else { return base }
    var n = 2
    while isTaken("\(base)-\(n)") { n += 1 }
    return "\(base)-\(n)"
  }

  /// Combining marks and variation selectors (General Category M).
  static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
  }

  /// Letters and digits of any script; combining marks count with the letter they follow (so `é`
  /// written as `e` + U+0301 stays one word).
  static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
      return true
    default:
      return false
    }
  }
}
