import Glibc
import Testing

@testable import Canvas

/// The generated table against the C library it was generated from. Tests may call libc; Canvas may not.
/// `wcwidth` is declared only under `_XOPEN_SOURCE`, which Swift's Glibc module does not define, so it
/// (and `gnu_get_libc_version`, whose header the module leaves out) is looked up in libc by name.
enum GlibcSymbols {
  /// libc's function `name`; libc stays loaded for the whole process, so the handle is not closed.
  static func function<T>(_ name: String, as type: T.Type) -> T? {
    guard let handle = dlopen("libc.so.6", RTLD_NOW), let symbol = dlsym(handle, name) else { return nil }
    return unsafeBitCast(symbol, to: type)
  }

  static var wcwidth: (@convention(c) (Int32) -> Int32)? {
    function("wcwidth", as: (@convention(c) (Int32) -> Int32).self)
  }
  static var version: String? {
    function("gnu_get_libc_version", as: (@convention(c) () -> UnsafePointer<CChar>).self).map { String(cString: $0()) }
  }
}

@Suite("Width table: glibc's wcwidth under C.UTF-8, scalar by scalar")
struct WidthTableTests {
  /// Synchronous on purpose: `uselocale` sets the locale of the calling thread, and a function without
  /// suspension points stays on one thread. The process-global locale (`setlocale`) is left alone, so
  /// tests running in parallel are unaffected.
  @Test("every scalar U+0000...U+10FFFF except the surrogates has glibc's width")
  func everyScalarAgreesWithGlibc() throws {
    let locale = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil), "the C.UTF-8 locale is missing")
    let previous = uselocale(locale)
    defer {
      uselocale(previous)
      freelocale(locale)
    }
    let wcwidth = try #require(GlibcSymbols.wcwidth, "wcwidth is not in libc.so.6")
    // Under the "C" locale glibc calls every non-ASCII scalar unprintable; this proves the switch took.
    try #require(wcwidth(0x4E00) == 2, "uselocale(C.UTF-8) did not take effect")

    var mismatches: [String] = []
    var checked = 0
    for value in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(value) {
      let expected = Int(wcwidth(Int32(bitPattern: value)))
      let actual = TerminalWidth.of(Unicode.Scalar(value)!)
      checked += 1
      if expected != actual && mismatches.count < 20 {
        mismatches.append("U+\(String(value, radix: 16, uppercase: true)): table \(actual), glibc \(expected)")
      }
    }
    #expect(checked == 0x110000 - 0x800)
    let version = GlibcSymbols.version ?? "(unknown version)"
    #expect(
      mismatches.isEmpty,
      "the table disagrees with glibc \(version); run Scripts/generate-width-table: \(mismatches)")
  }

  @Test("the runs are in scalar order, start at U+0000, and cover every width class")
  func runsAreOrdered() {
    let runs = TerminalWidth.runs
    #expect(runs.first == 0)  // U+0000 (NUL) is width 0 in glibc
    #expect(zip(runs, runs.dropFirst()).allSatisfy { $0 >> 2 < $1 >> 2 })
    #expect(zip(runs, runs.dropFirst()).allSatisfy { $0 & 3 != $1 & 3 })
    #expect(Set(runs.map { $0 & 3 }) == [0, 1, 2, 3])
  }

  @Test("known widths: ASCII 1, controls -1, combining 0, CJK and emoji 2, flags' letters 1")
  func knownWidths() {
    let cases: [(UInt32, Int)] = [
      (0x41, 1), (0x1B, -1), (0x7F, -1), (0x9B, -1), (0x301, 0), (0x1161, 0), (0x4E00, 2), (0xAC00, 2),
      (0x30AB, 2), (0xFF76, 1), (0x1F600, 2), (0x2764, 1), (0x1F1FA, 1), (0xFE0F, 0), (0x200D, 0),
      (0x378, -1), (0xFFFF, -1), (0x10FFFD, 1),
    ]
    for (value, width) in cases {
      #expect(TerminalWidth.of(Unicode.Scalar(value)!) == width, "U+\(String(value, radix: 16))")
    }
  }
}
