/// Which way sections and lines flow (UICollectionViewFlowLayout.scrollDirection).
public enum Direction: String, CaseIterable, Equatable, Hashable, Sendable {
  case vertical
  case horizontal
}

/// How tiles sit on a line: `justify` is UIKit's behaviour; `left` and `center` are the usual extras.
public enum Alignment: String, CaseIterable, Equatable, Hashable, Sendable {
  case justify
  case left
  case center
}

/// The layout parameters with every default applied: what the layout engine reads.
public struct LayoutParameters: Equatable, Hashable, Sendable {
  public var direction: Direction
  public var itemSize: Size
  public var lineSpacing: Int
  public var interitemSpacing: Int
  public var sectionInset: Insets
  public var headerHeight: Int
  public var alignment: Alignment

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

  /// DESIGN.md §3's defaults.
  public static let defaults = LayoutParameters()
}

/// The file's `layout` object as written: a key that was absent stays absent when the file is saved,
/// and keys this version does not know are kept, in order, at every level.
public struct LayoutSpec: Equatable, Hashable, Sendable {
  public struct SizeSpec: Equatable, Hashable, Sendable {
    public var width: Int?
    public var height: Int?
    public var extras: [JSONField]

    public init(width: Int? = nil, height: Int? = nil, extras: [JSONField] = []) {
      self.width = width
      self.height = height
      self.extras = extras
    }
  }

  public struct InsetsSpec: Equatable, Hashable, Sendable {
    public var top: Int?
    public var left: Int?
    public var bottom: Int?
    public var right: Int?
    public var extras: [JSONField]

    public init(top: Int? = nil, left: Int? = nil, bottom: Int? = nil, right: Int? = nil, extras: [JSONField] = []) {
      self.top = top
      self.left = left
      self.bottom = bottom
      self.right = right
      self.extras = extras
    }
  }

  public var direction: Direction?
  public var itemSize: SizeSpec?
  public var lineSpacing: Int?
  public var interitemSpacing: Int?
  public var sectionInset: InsetsSpec?
  public var headerHeight: Int?
  public var alignment: Alignment?
  public var extras: [JSONField]

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

  /// The parameters with DESIGN.md §3's defaults for whatever is absent.
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
