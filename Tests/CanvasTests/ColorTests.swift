import Foundation
import Geometry
import TestSupport
import Testing

@testable import Canvas

/// The nearest palette entry by brute force: the definition `nearest256` must agree with.
private func bruteForce256(_ rgb: RGB) -> Int {
  // `min(by:)` keeps the first of equal elements: the lowest index.
  (16...255).min {
    XtermPalette.distance(rgb, XtermPalette.color($0)) < XtermPalette.distance(rgb, XtermPalette.color($1))
  }!
}

@Suite("Colors: xterm palettes, WCAG contrast")
struct ColorTests {
  @Test("palette colors: the cube from its levels, grays 8 + 10k, xterm's 16 defaults")
  func paletteColors() {
    #expect(XtermPalette.color(16) == RGB(0, 0, 0))
    #expect(XtermPalette.color(67) == RGB(95, 135, 175))
    #expect(XtermPalette.color(196) == RGB(255, 0, 0))
    #expect(XtermPalette.color(231) == RGB(255, 255, 255))
    #expect(XtermPalette.color(232) == RGB(8, 8, 8))
    #expect(XtermPalette.color(255) == RGB(238, 238, 238))
    #expect(XtermPalette.color(4) == RGB(0, 0, 238))
    #expect(XtermPalette.color(12) == RGB(92, 92, 255))
  }

  @Test("nearest256: known values")
  func nearest256Known() {
    let cases: [(RGB, Int)] = [
      (RGB(0, 0, 0), 16), (RGB(255, 255, 255), 231), (RGB(255, 0, 0), 196), (RGB(0, 0, 255), 21),
      (RGB(0, 255, 0), 46), (RGB(128, 128, 128), 244), (RGB(100, 100, 100), 241), (RGB(255, 128, 0), 208),
      (RGB(153, 102, 51), 95), (RGB(0, 122, 255), 33), (RGB(12, 12, 12), 232), (RGB(250, 250, 250), 231),
      (RGB(240, 240, 240), 255),
    ]
    for (rgb, index) in cases { #expect(XtermPalette.nearest256(rgb) == index, "\(rgb)") }
  }

  @Test("nearest256: a channel halfway between two cube levels takes the lower one")
  func nearest256Ties() {
    // 115 is 20 from both 95 and 135; the gray ramp is much farther from (115, 0, 0).
    #expect(XtermPalette.nearest256(RGB(115, 0, 0)) == 16 + 36 * 1)
    #expect(XtermPalette.nearest256(RGB(0, 235, 0)) == 16 + 6 * 4)
    // A gray exactly between gray 8 + 10k values (13: 8 and 18) takes the darker.
    #expect(XtermPalette.nearest256(RGB(13, 13, 13)) == 232)
  }

  @Test("nearest256 is idempotent on the 240 fixed palette colors")
  func nearest256Idempotent() {
    for i in 16...255 { #expect(XtermPalette.nearest256(XtermPalette.color(i)) == i, "index \(i)") }
  }

  @Test("nearest256 agrees with a brute-force search over the 240 colors, ties to the lowest index")
  func nearest256BruteForce() {
    var rng = SplitMix64(seed: 256)
    var samples = (0..<20_000).map { _ in
      RGB(UInt8(rng.int(0...255)), UInt8(rng.int(0...255)), UInt8(rng.int(0...255)))
    }
    samples += (0...255).map { RGB(UInt8($0), UInt8($0), UInt8($0)) }
    for rgb in samples { #expect(XtermPalette.nearest256(rgb) == bruteForce256(rgb), "\(rgb)") }
  }

  @Test("nearest16 and nearest8: known values")
  func nearestBasicKnown() {
    #expect(XtermPalette.nearest16(RGB(255, 0, 0)) == 9)
    #expect(XtermPalette.nearest8(RGB(255, 0, 0)) == 1)
    #expect(XtermPalette.nearest16(RGB(0, 0, 255)) == 4)
    #expect(XtermPalette.nearest16(RGB(128, 128, 128)) == 8)
    // The 8 colors have no gray: mid-gray is nearer xterm's yellow (205, 205, 0) than its white (229 x 3).
    #expect(XtermPalette.nearest8(RGB(128, 128, 128)) == 3)
    #expect(XtermPalette.nearest8(RGB(170, 170, 170)) == 7)
    #expect(XtermPalette.nearest16(RGB(255, 128, 0)) == 3)
    #expect(XtermPalette.nearest16(RGB(20, 20, 20)) == 0)
    #expect(XtermPalette.nearest8(RGB(255, 255, 255)) == 7)
  }

  @Test("nearest16 and nearest8 are idempotent on their palette colors")
  func nearestBasicIdempotent() {
    for i in 0..<16 { #expect(XtermPalette.nearest16(XtermPalette.ansi16[i]) == i) }
    for i in 0..<8 { #expect(XtermPalette.nearest8(XtermPalette.ansi16[i]) == i) }
  }

  @Test("relative luminance: black 0, white 1, each primary its coefficient")
  func luminance() {
    #expect(Contrast.relativeLuminance(RGB(0, 0, 0)) == 0)
    #expect(abs(Contrast.relativeLuminance(RGB(255, 255, 255)) - 1) < 1e-12)
    #expect(abs(Contrast.relativeLuminance(RGB(255, 0, 0)) - 0.2126) < 1e-12)
    #expect(abs(Contrast.relativeLuminance(RGB(0, 255, 0)) - 0.7152) < 1e-12)
    #expect(abs(Contrast.relativeLuminance(RGB(0, 0, 255)) - 0.0722) < 1e-12)
  }

  @Test("the linearized channel table matches sRGB's formula computed with pow")
  func linearization() {
    for v in 0...255 {
      let c = Double(v) / 255
      let expected = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
      #expect(abs(Contrast.linearChannel[v] - expected) < 1e-14, "channel \(v)")
    }
  }

  @Test("contrast ratio: 21 for black and white, 1 for a color with itself, symmetric, known values")
  func ratio() {
    #expect(abs(Contrast.ratio(RGB(0, 0, 0), RGB(255, 255, 255)) - 21) < 1e-9)
    #expect(Contrast.ratio(RGB(12, 200, 90), RGB(12, 200, 90)) == 1)
    #expect(Contrast.ratio(RGB(255, 0, 0), RGB(0, 0, 255)) == Contrast.ratio(RGB(0, 0, 255), RGB(255, 0, 0)))
    // #767676 is the lightest gray with 4.5:1 on white; #777777 just misses it (4.48).
    #expect(Contrast.ratio(RGB(0x76, 0x76, 0x76), RGB(255, 255, 255)) >= 4.5)
    #expect(Contrast.ratio(RGB(0x77, 0x77, 0x77), RGB(255, 255, 255)) < 4.5)
  }

  @Test("readable foreground for the UIKit colors: the one with the higher contrast")
  func uikitColors() {
    let black = RGB(0, 0, 0)
    let white = RGB(255, 255, 255)
    // Light-mode sRGB values, as TileModel's TileColor has them.
    let cases: [(String, RGB, RGB)] = [
      ("black", RGB(0, 0, 0), white),
      ("blue", RGB(0, 0, 255), white),
      ("brown", RGB(153, 102, 51), white),
      ("cyan", RGB(0, 255, 255), black),
      ("darkGray", RGB(85, 85, 85), white),
      ("gray", RGB(128, 128, 128), black),
      ("green", RGB(0, 255, 0), black),
      ("lightGray", RGB(170, 170, 170), black),
      ("magenta", RGB(255, 0, 255), black),
      ("orange", RGB(255, 128, 0), black),
      ("purple", RGB(128, 0, 128), white),
      ("red", RGB(255, 0, 0), black),
      ("white", RGB(255, 255, 255), black),
      ("yellow", RGB(255, 255, 0), black),
    ]
    for (name, background, expected) in cases {
      let chosen = Contrast.readableForeground(on: background)
      #expect(chosen == expected, "\(name)")
      let other = chosen == black ? white : black
      #expect(Contrast.ratio(chosen, background) > Contrast.ratio(other, background), "\(name)")
    }
  }

  @Test("readable foreground switches from white to black once, as luminance passes about 0.179")
  func readableThreshold() {
    let choices = (0...255).map { Contrast.readableForeground(on: RGB(UInt8($0), UInt8($0), UInt8($0))) }
    let firstBlack = choices.firstIndex(of: RGB(0, 0, 0))!
    #expect(choices[..<firstBlack].allSatisfy { $0 == RGB(255, 255, 255) })
    #expect(choices[firstBlack...].allSatisfy { $0 == RGB(0, 0, 0) })
    // Gray 118 has luminance 0.181, gray 117 0.178: the crossover sqrt(1.05 * 0.05) - 0.05 = 0.1791 is between.
    #expect(firstBlack == 118)
  }
}
