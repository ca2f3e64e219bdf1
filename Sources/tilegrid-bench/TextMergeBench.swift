import Foundation
import TestSupport
import TextMerge

// The line merge (TextMerge's `mergeLines`, git's merge in Swift) against `git merge-file -p` run as
// a process, as a program that merges would run it: on three 100,000-card Markdown boards, on a small
// board, and on 5,000 lines of a, b and c with each side moving 3. Both produce the same bytes (checked
// here once per input); the figures are the port's time in process and git's whole process (start,
// reading the three files, the merge, writing to /dev/null).

/// The three texts of each measured merge: base, ours, theirs.
func textMergeInputs() -> [(name: String, texts: [[UInt8]])] {
  let board = makeBoard(cards: 100_000)
  let small = makeBoard(cards: 40)
  let letters = repeatedLinesMerge()
  return [
    (
      "three 100,000-card Markdown boards, 100 moves and 100 renames a side",
      [board, editedBoard(board, seed: 1, moves: 100, renames: 100), editedBoard(board, seed: 2, moves: 100, renames: 100)]
    ),
    ("a 40-card board, 3 moves and 2 renames a side", [small, editedBoard(small, seed: 1, moves: 3, renames: 2), editedBoard(small, seed: 2, moves: 3, renames: 2)]),
    ("5,000 lines of a, b and c, 3 moved by each side", [letters.base, letters.ours, letters.theirs]),
  ]
}

func benchTextMerge(directory: String) throws {
  for (index, (name, texts)) in textMergeInputs().enumerated() {
    let paths = ["ours", "base", "theirs"].map { directory + "/text-merge-\(index)-\($0)" }
    for (path, text) in zip(paths, [texts[1], texts[0], texts[2]]) { try Data(text).write(to: URL(fileURLWithPath: path)) }
    let git = ["git", "merge-file", "-p", "-L", "ours", "-L", "base", "-L", "theirs"] + paths
    let options = LineMergeOptions(oursLabel: "ours", baseLabel: "base", theirsLabel: "theirs")
    // The same bytes and the same number of conflicts as git, or the figures mean nothing.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = git
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let expected = Array(pipe.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    let result = mergeLines(base: texts[0], ours: texts[1], theirs: texts[2], options: options)
    guard result.bytes == expected && min(result.conflicts, 127) == process.terminationStatus else {
      fatalError("mergeLines differs from git merge-file on \(name)")
    }
    // Small inputs are merged many times a run, so that the clock's resolution does not matter.
    let repeats = texts[0].count < 100_000 ? 100 : 1
    var port: [(wall: Double, cpu: Double)] = []
    var gitRuns: [ProcessRun] = []
    for run in 0..<6 {
      let time = timed {
        for _ in 0..<repeats { _ = mergeLines(base: texts[0], ours: texts[1], theirs: texts[2], options: options) }
      }
      let gitRun = ProcessRun(git)
      // The first run of each warms the caches and is not counted.
      if run > 0 {
        port.append((time.wall / Double(repeats), time.cpu / Double(repeats)))
        gitRuns.append(gitRun)
      }
    }
    let lines = texts[0].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    print("merge lines: \(name) (\(lines) lines, \(result.conflicts) conflicts)")
    func figures(_ wall: [Double], _ cpu: [Double]) -> String {
      let format = percentile(wall, 0.5) < 0.01 ? "%.3f ms (CPU %.3f)" : "%.1f ms (CPU %.1f)"
      return String(format: format, percentile(wall, 0.5) * 1000, percentile(cpu, 0.5) * 1000)
    }
    report("  mergeLines, in process", figures(port.map(\.wall), port.map(\.cpu)), "")
    report("  git merge-file -p, the whole process", figures(gitRuns.map(\.wall), gitRuns.map(\.cpu)), "")
  }
}

/// For instruction counts and whole-process timing: merges three files with `mergeLines` as `git
/// merge-file -p OURS BASE THEIRS` does, the result on standard output, the conflicts as the status.
func mergeLinesCommand(ours: String, base: String, theirs: String) throws -> Int32 {
  let texts = try [base, ours, theirs].map { Array(try Data(contentsOf: URL(fileURLWithPath: $0))) }
  let result = mergeLines(
    base: texts[0], ours: texts[1], theirs: texts[2],
    options: LineMergeOptions(oursLabel: ours, baseLabel: base, theirsLabel: theirs))
  FileHandle.standardOutput.write(Data(result.bytes))
  return Int32(min(result.conflicts, 127))
}
