import Geometry

/// xterm's default palette, and the nearest palette entry for an exact color, for terminals that cannot
/// show 24-bit color.
///
/// Distance is squared Euclidean distance in sRGB, as xterm's own and tmux's matching use: simple,
/// exact in integers, and it maps every palette color to itself. Ties go to the lowest index, which
/// means: in the 256-color cube a channel halfway between two levels (115, 155, 195, 235) takes the
/// lower one; between the cube and the gray ramp, the cube.
public enum XtermPalette {
  /// The six levels of each channel in the 6x6x6 cube (indices 16...231).
  public static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

  /// xterm's default 16 colors: black, red, green, yellow, blue, magenta, cyan, white, then the bright
  /// versions. A user's theme may change them; the cube and the gray ramp are fixed in practice.
  public static let ansi16: [RGB] = [
    RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
    RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
    RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
    RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
  ]

  /// The color of palette entry `index` (0...255) in xterm's defaults.
  public static func color(_ index: Int) -> RGB {
    precondition(index >= 0 && index < 256, "palette index \(index) is not 0...255")
    if index < 16 { return ansi16[index] }
    if index < 232 {
      let i = index - 16
      return RGB(cubeLevels[i / 36], cubeLevels[i / 6 % 6], cubeLevels[i % 6])
    }
    let gray = UInt8(8 + 10 * (index - 232))
    return RGB(gray, gray, gray)
  }

  /// The nearest of the 240 fixed colors (16...255: the cube and the 24 grays 8, 18, ..., 238). The first
  /// 16 are left out because themes change them.
  public static func nearest256(_ rgb: RGB) -> Int {
    // The cube is a product of levels, so its nearest color is the nearest level per channel.
    let r = nearestLevel(rgb.red)
    let g = nearestLevel(rgb.green)
    let b = nearestLevel(rgb.blue)
    let cube = 16 + 36 * r + 6 * g + b
    let cubeDistance = distance(rgb, color(cube))
    // The nearest gray is the one nearest the channels' mean; of two equally near, the lower.
    let sum = Int(rgb.red) + Int(rgb.green) + Int(rgb.blue)
    var best = 232
    var bestDistance = Int.max
    let k = max(0, min(23, (sum - 24) / 30))
    for candidate in max(0, k - 1)...min(23, k + 1) {
      let d = distance(rgb, color(232 + candidate))
      if d < bestDistance {
        best = 232 + candidate
        bestDistance = d
      }
    }
    return bestDistance < cubeDistance ? best : cube
  }

  /// The nearest of xterm's 16 default colors (0...15).
  public static func nearest16(_ rgb: RGB) -> Int { nearest(rgb, among: 16) }

  /// The nearest of the first 8 (0...7), for terminals without the bright colors.
  public static func nearest8(_ rgb: RGB) -> Int { nearest(rgb, among: 8) }

  static func nearest(_ rgb: RGB, among count: Int) -> Int {
    var best = 0
    var bestDistance = Int.max
    for i in 0..<count {
      let d = distance(rgb, ansi16[i])
      if d < bestDistance {
        best = i
        bestDistance = d
      }
    }
    return best
  }

  /// The index (0...5) of the cube level nearest `value`; at a midpoint, the lower.
  static func nearestLevel(_ value: UInt8) -> Int {
    // Midpoints between the levels 0|95|135|175|215|255 are 47.5, 115, 155, 195, 235.
    switch value {
    case 0...47: return 0
    case 48...115: return 1
    case 116...155: return 2
    case 156...195: return 3
    case 196...235: return 4
    default: return 5
    }
  }

  /// Squared Euclidean distance in sRGB.
  static func distance(_ a: RGB, _ b: RGB) -> Int {
    let dr = Int(a.red) - Int(b.red)
    let dg = Int(a.green) - Int(b.green)
    let db = Int(a.blue) - Int(b.blue)
    return dr * dr + dg * dg + db * db
  }
}

/// WCAG 2.x contrast, to pick tile text that stays readable on any tile color.
public enum Contrast {
  /// Relative luminance (WCAG 2.x): 0 for black, 1 for white. WCAG writes the linearization threshold
  /// as 0.03928 where sRGB says 0.04045; no 8-bit channel value lies between the two (10/255 = 0.0392,
  /// 11/255 = 0.0431), so both give the same result here.
  public static func relativeLuminance(_ rgb: RGB) -> Double {
    let table = linearChannel
    return 0.2126 * table[Int(rgb.red)] + 0.7152 * table[Int(rgb.green)] + 0.0722 * table[Int(rgb.blue)]
  }

  /// The contrast ratio of two colors, 1...21, the same whichever is given first.
  public static func ratio(_ a: RGB, _ b: RGB) -> Double {
    let la = relativeLuminance(a)
    let lb = relativeLuminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
  }

  /// Black or white, whichever contrasts more with `background`; black when both are equal (never, for
  /// 8-bit colors: the crossover luminance is irrational). Black on red, white on blue, as WCAG measures.
  public static func readableForeground(on background: RGB) -> RGB {
    let black = RGB(0, 0, 0)
    let white = RGB(255, 255, 255)
    return ratio(background, black) >= ratio(background, white) ? black : white
  }

  /// Each 8-bit sRGB channel value, linearized: c / 12.92 up to 0.04045, else ((c + 0.055) / 1.055)^2.4.
  /// Computed once; Canvas has no `pow` without the C library, so x^2.4 is x^2 times the fifth root of
  /// x^2, found by Newton's method.
  static let linearChannel: [Double] = (0...255).map { value in
    let c = Double(value) / 255
    if c <= 0.04045 { return c / 12.92 }
    let x = (c + 0.055) / 1.055
    let square = x * x
    return square * fifthRoot(square)
  }

  /// The fifth root of `a` in (0, 1], by Newton's method from 1 (which lies above the root, so every
  /// step moves down toward it and the iteration stops when a step no longer does).
  static func fifthRoot(_ a: Double) -> Double {
    var y = 1.0
    while true {
      let y2 = y * y
      let next = (4 * y + a / (y2 * y2)) / 5
      if next >= y { return y }
      y = next
    }
  }
}
