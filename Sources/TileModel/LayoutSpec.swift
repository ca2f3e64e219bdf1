/// Which way sections and lines flow (UICollectionViewFlowLayout.scrollDirection).
public enum Direction: String, CaseIterable, Equatable, Hashable, Sendable {
  /// Sections stack downward and lines are rows, filled left to right; the content scrolls vertically.
  case vertical
  /// Sections sit side by side and lines are columns, filled top to bottom; the content scrolls
  /// horizontally.
  case horizontal
  /// A board's lanes: sections sit side by side, each one column of tiles top to bottom that never
  /// wraps into a second one; a lane longer than the screen scrolls on its own, and the content
  /// scrolls sideways by whole lanes (docs/layout.md, "Lanes").
  case lanes
}

/// How tiles sit on a line: `justify` is UIKit's behaviour; `left` and `center` are the usual extras.
/// (docs/layout.md, "Alignment".)
public enum Alignment: String, CaseIterable, Equatable, Hashable, Sendable {
  /// Tiles of one width on fixed columns, the last line too; a full line of mixed widths spread across
  /// the line, the last one left-aligned (UIKit's flow layout).
  case justify
  /// Every line starts at the inset, `interitemSpacing` between tiles.
  case left
  /// Every line centered, `interitemSpacing` between tiles.
  case center
}

/// The layout parameters with every default applied: what the layout engine reads. Sizes and spacings
/// are in cells (docs/layout.md, "The parameters").
public struct LayoutParameters: Equatable, Hashable, Sendable {
  /// Which way sections and lines flow.
  public var direction: Direction
  /// A tile's size, unless the tile has its own `width`; each side at least 1.
  public var itemSize: Size
  /// Cells between lines (rows vertically, columns horizontally).
  public var lineSpacing: Int
  /// The least cells between neighbouring tiles on a line.
  public var interitemSpacing: Int
  /// Margins around a section's tiles, inside its frame.
  public var sectionInset: Insets
  /// Rows of a section's header (vertical direction; rows above its columns horizontally); 0 for none.
  public var headerHeight: Int
  /// How tiles sit on a line.
  public var alignment: Alignment

  /// Parameters with the given values; each defaults to the file format's default.
  public init(
    direction: Direction = .vertical,
    itemSize: Size = Size(width: 14, height: 3),
    lineSpacing: Int = 1,
    interitemSpacing: Int = 2,
    sectionInset: Insets = Insets(top: 0, left: 1, bottom: 1, right: 1),
    headerHeight: Int = 1,
    alignment: Alignment = .justify
  ) {
    self.direction = direction
    self.itemSize = itemSize
    self.lineSpacing = lineSpacing
    self.interitemSpacing = interitemSpacing
    self.sectionInset = sectionInset
    self.headerHeight = headerHeight
    self.alignment = alignment
  }

  /// The file format's defaults: vertical, tiles 14 x 3, line spacing 1, interitem spacing 2, inset
  /// 0/1/1/1 (top, left, bottom, right), a one-row header, `justify`.
  public static let defaults = LayoutParameters()
}

/// The file's `layout` object as written: a key that was absent stays absent when the file is saved,
/// and keys this version does not know are kept, in order, at every level. `resolved` applies the
/// defaults. Each field is `nil` when the file did not have it.
public struct LayoutSpec: Equatable, Hashable, Sendable {
  /// The `itemSize` object as written.
  public struct SizeSpec: Equatable, Hashable, Sendable {
    /// Columns, if written.
    public var width: Int?
    /// Rows, if written.
    public var height: Int?
    /// Keys this version does not know, in their original order.
    public var extras: [JSONField]

    /// An `itemSize` object with the given members; those left out are absent.
    public init(width: Int? = nil, height: Int? = nil, extras: [JSONField] = []) {
      self.width = width
      self.height = height
      self.extras = extras
    }
  }

  /// The `sectionInset` object as written.
  public struct InsetsSpec: Equatable, Hashable, Sendable {
    /// Rows above, if written.
    public var top: Int?
    /// Columns on the left, if written.
    public var left: Int?
    /// Rows below, if written.
    public var bottom: Int?
    /// Columns on the right, if written.
    public var right: Int?
    /// Keys this version does not know, in their original order.
    public var extras: [JSONField]

    /// A `sectionInset` object with the given members; those left out are absent.
    public init(top: Int? = nil, left: Int? = nil, bottom: Int? = nil, right: Int? = nil, extras: [JSONField] = []) {
      self.top = top
      self.left = left
      self.bottom = bottom
      self.right = right
      self.extras = extras
    }
  }

  /// `direction`, if written.
  public var direction: Direction?
  /// `itemSize`, if written (its members may be absent too).
  public var itemSize: SizeSpec?
  /// `lineSpacing`, if written.
  public var lineSpacing: Int?
  /// `interitemSpacing`, if written.
  public var interitemSpacing: Int?
  /// `sectionInset`, if written (its members may be absent too).
  public var sectionInset: InsetsSpec?
  /// `headerHeight`, if written.
  public var headerHeight: Int?
  /// `alignment`, if written.
  public var alignment: Alignment?
  /// Keys this version does not know, in their original order.
  public var extras: [JSONField]

  /// A `layout` object with the given members; those left out are absent.
  public init(
    direction: Direction? = nil, itemSize: SizeSpec? = nil, lineSpacing: Int? = nil,
    interitemSpacing: Int? = nil, sectionInset: InsetsSpec? = nil, headerHeight: Int? = nil,
    alignment: Alignment? = nil, extras: [JSONField] = []
  ) {
    self.direction = direction
    self.itemSize = itemSize
    self.lineSpacing = lineSpacing
    self.interitemSpacing = interitemSpacing
    self.sectionInset = sectionInset
    self.headerHeight = headerHeight
    self.alignment = alignment
    self.extras = extras
  }

  /// A spec that writes every parameter explicitly.
  public init(_ p: LayoutParameters) {
    self.init(
      direction: p.direction, itemSize: SizeSpec(width: p.itemSize.width, height: p.itemSize.height),
      lineSpacing: p.lineSpacing, interitemSpacing: p.interitemSpacing,
      sectionInset: InsetsSpec(
        top: p.sectionInset.top, left: p.sectionInset.left, bottom: p.sectionInset.bottom,
        right: p.sectionInset.right),
      headerHeight: p.headerHeight, alignment: p.alignment)
  }

  /// The parameters, with `LayoutParameters.defaults`' values for whatever is absent.
  public var resolved: LayoutParameters {
    let d = LayoutParameters.defaults
    return LayoutParameters(
      direction: direction ?? d.direction,
      itemSize: Size(
        width: itemSize?.width ?? d.itemSize.width, height: itemSize?.height ?? d.itemSize.height),
      lineSpacing: lineSpacing ?? d.lineSpacing,
      interitemSpacing: interitemSpacing ?? d.interitemSpacing,
      sectionInset: Insets(
        top: sectionInset?.top ?? d.sectionInset.top, left: sectionInset?.left ?? d.sectionInset.left,
        bottom: sectionInset?.bottom ?? d.sectionInset.bottom, right: sectionInset?.right ?? d.sectionInset.right),
      headerHeight: headerHeight ?? d.headerHeight,
      alignment: alignment ?? d.alignment)
  }
}
