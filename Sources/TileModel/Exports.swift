// Points, sizes, rectangles and RGB colors live in the Geometry module, below both the model and the
// terminal-neutral Canvas; importing TileModel brings them along, since every model API speaks them.
@_exported import Geometry
