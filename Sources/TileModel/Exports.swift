// Points, sizes, rectangles and RGB colors live in the Geometry module, below both the model and the
// terminal-neutral Canvas (which must not depend on the model). Every model API speaks them
// (`LayoutParameters.itemSize`, `TileColor.rgb`), so importing TileModel brings them along: a program
// using the library never imports Geometry itself, and Geometry is no product of its own. Only
// Geometry is re-exported; GridLayout, Reorder and TileGridJSON are imported each by name.
@_exported import Geometry
