/// Ids made from titles, for tiles and sections a person adds (the editor's `a` and `A`) and for files
/// whose format has no ids (Markdown boards, plain lines, CSV without an `id` column).
///
///     IDs.base(forTitle: "Buy milk!")      // "buy-milk"
///     IDs.base(forTitle: "회의 준비")        // "회의-준비": letters of any script are kept
///     IDs.base(forTitle: "?!", fallback: "tile")   // "tile"
///     IDs.unique("buy-milk", isTaken: { $0 == "buy-milk" })   // "buy-milk-2"
public enum IDs {
  /// The title lowercased, each run of characters that are not letters or digits (of any script)
  /// written as one `-`, and `-` at the ends dropped; `fallback` when nothing is left.
  /// - Complexity: O(title length).
  public static func base(forTitle title: String, fallback: String = "tile") -> String {
    var id = ""
    var pendingDash = false
    for scalar in title.lowercased().unicodeScalars {
      if isLetterOrDigit(scalar) {
        if pendingDash && !id.isEmpty { id.append("-") }
        pendingDash = false
        id.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
    }
    return id.isEmpty ? fallback : id
  }

  /// `base` when it is free, else the first of `base-2`, `base-3`, … that is.
  /// - Complexity: one `isTaken` call per candidate tried.
  public static func unique(_ base: String, isTaken: (String) -> Bool) -> String {
    guard isTaken(base) else { return base }
    var n = 2
    while isTaken("\(base)-\(n)") { n += 1 }
    return "\(base)-\(n)"
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
