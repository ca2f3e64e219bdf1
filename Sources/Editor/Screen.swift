import Document
import TileModel

/// The editor's screen: a title bar on row 0, the status line on the last row, and the content
/// viewport between them (docs/editor.md). `tilegrid layout` reports the same viewport, so a script can
/// turn a tile's frame into the screen cell to click.
public enum Screen {
  /// Rows above the viewport (the title bar) and below it (the status line).
  public static let titleRows = 1
  public static let statusRows = 1

  /// The largest screen side accepted anywhere a size is given (`--width`, `--height`, an events
  /// file's `resize`). Zero is refused too; 1 x 1 is a valid, if tiny, screen.
  public static let maximumSide = 100_000

  /// The most cells a screen that is drawn may have (W x H): a frame takes 32 bytes a cell, so this
  /// many is 32 MB (`tilegrid render` refuses more, the editor draws a larger terminal in its top-left
  /// part). Sizes alone, as `layout` and `play` take them, may be up to `maximumSide` on each side.
  public static let maximumCells = 1_000_000

  /// Where the content viewport sits on a screen of `size` cells; never negative.
  public static func viewport(forScreen size: Size) -> Rect {
    Rect(
      x: 0, y: titleRows, width: max(0, size.width),
      height: max(0, size.height - titleRows - statusRows))
  }
}
