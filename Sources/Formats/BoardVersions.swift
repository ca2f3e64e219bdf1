import TextMerge
import TileModel

/// `diff` of versions of a file in any format (docs/version-control.md, "Boards, lists and tables").
/// JSON tiles keep their ids; the cards of a format without ids (Markdown boards, lines, a table
/// without an `id` column) are first paired across the versions (`CardPairing`) and the new version
/// re-keyed to the old one's ids, so that a renamed card is the same card and equal titles never
/// collide; then the id-based `Arrangement.diff` runs as for JSON. (`MergeCascade` merges them.)
///
///     let script = BoardVersions.diff(old, as: .markdown, new, as: .markdown)   // set buy-milk title "Oat milk"
public enum BoardVersions {
  /// The script that turns `old` into `new` (`Arrangement.diff`), `new`'s cards first paired with
  /// `old`'s when both formats give ids from titles. - Complexity: as `Arrangement.diff`, plus the
  /// pairing for formats without ids (nothing for JSON).
  public static func diff(
    _ old: Arrangement, as oldFormat: ArrangementFormat, _ new: Arrangement, as newFormat: ArrangementFormat
  ) -> [ScriptEdit] {
    let (k0, k1) = (CardPairing.Kind(old, format: oldFormat), CardPairing.Kind(new, format: newFormat))
    guard k0 != .none && k1 != .none else { return Arrangement.diff(old, new) }
    // A card's blank lines after it as the old version has them: only where the card's text changed is
    // it a change (the lane's last card carries the lane's blank line, so a swap would read as two).
    let rekeyed = Rekeying(base: CardPairing.Version(old, k0), other: new, k1, baseBlankLines: true)
    return Arrangement.diff(old, rekeyed.arrangement)
  }

  /// `body(0) … body(count - 1)`, run at once on the cores there are, in order.
  static func inParallel<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    Parallel.map(count, body)
  }
}
