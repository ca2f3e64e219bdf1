import Editor
import Foundation
import TestSupport
import TileGridJSON
import TileModel

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - Long input into a prompt, through a real terminal

/// A prompt fed a long line on a pseudo-terminal, as a person's terminal sends it: 100,000 characters
/// typed (written 64 bytes at a time, as fast as the editor takes them) into the rename prompt and
/// into find, and 1 MB pasted at once (bracketed paste). Each is timed from its first byte written to the frame that shows the prompt
/// closed by the Esc sent after it (which the editor reads only once all before it is done): the work
/// of every key, the frames drawn meanwhile, and the decoder, linear in the input or not.
func benchPrompt(directory: String) throws {
  let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("tilegrid").path
  guard FileManager.default.isExecutableFile(atPath: binary) else {
    print("the prompt measures need \(binary): swift build -c release --product tilegrid")
    return
  }
  let path = directory + "/prompt-demo.json"
  try Data(Arrangement.demo.jsonBytes()).write(to: URL(fileURLWithPath: path))

  /// Opens a prompt with `keys` (its label `label`), sends `chunks`, then Esc; the milliseconds until
  /// "Cancelled" is drawn.
  func measure(_ chunks: [[UInt8]], keys: String = "r\u{15}", label: String = "Title:") throws -> Double? {
    let process = try PseudoTerminalProcess(
      binary, [path], environment: PseudoTerminalProcess.environment(["TILEGRID_MOTION": "off"]), width: 80, height: 24)
    defer {
      process.signal(SIGKILL)
      _ = process.waitForEnd(seconds: 5)
    }
    guard process.wait(seconds: 30, until: { PseudoTerminalProcess.find(Array("READY".utf8), in: $0) != nil }) else {
      print("warning: no first frame")
      return nil
    }
    process.write(keys)
    guard process.wait(for: label, seconds: 10) else {
      print("warning: no rename prompt: \(process.text().suffix(300))")
      return nil
    }
    let mark = process.output.count
    let started = milliseconds()
    for chunk in chunks {
      process.write(chunk)
      process.read(waiting: 0)
    }
    process.write("\u{1B}")
    guard process.wait(seconds: 600, until: { PseudoTerminalProcess.find(Array("Cancelled".utf8), in: $0, from: mark) != nil })
    else {
      print("warning: the prompt did not close within 600 s")
      return nil
    }
    return milliseconds() - started
  }

  let typed = 100_000
  let keys = [UInt8](repeating: UInt8(ascii: "a"), count: typed)
  let chunks = stride(from: 0, to: typed, by: 64).map { Array(keys[$0..<min(typed, $0 + 64)]) }
  if let ms = try measure(chunks) {
    report("prompt: 100,000 characters typed (64 a write)", String(format: "%.0f ms", ms), "<= 1 s")
  }
  // Find follows every key: the text typed matches nothing from its second character on.
  if let ms = try measure(chunks, keys: "/", label: "Find:") {
    report("find: 100,000 characters typed (64 a write)", String(format: "%.0f ms", ms), "<= 1 s")
  }
  let pasted = 1 << 20
  let paste = Array("\u{1B}[200~".utf8) + [UInt8](repeating: UInt8(ascii: "b"), count: pasted) + Array("\u{1B}[201~".utf8)
  if let ms = try measure([paste]) {
    report("prompt: 1 MB pasted (bracketed)", String(format: "%.0f ms", ms), "<= 1 s")
  }
}
