import Foundation
import TestSupport
import TextMerge

/// The installed git, run as the reference: `git merge-file -p` and `git diff --no-index`, each in a
/// directory of its own with no configuration read (no system or global file, and no repository
/// around the directory), so that nothing but the arguments decides its output.
struct InstalledGit {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// One merge for `git merge-file -p`: the three texts and the options, given as its flags; the labels
  /// must be set (the command line has no way to write a marker without one).
  struct Merge {
    var base: [UInt8]
    var ours: [UInt8]
    var theirs: [UInt8]
    var options: LineMergeOptions
  }

  /// `git merge-file -p` on each merge, all run by one shell (a process each, but without the test
  /// process starting them one by one). Returns git's outputs and exit statuses: the number of
  /// conflicts, 127 for 127 or more.
  func mergeFiles(_ merges: [Merge]) throws -> [(bytes: [UInt8], status: Int32)] {
    var script = ""
    for (index, merge) in merges.enumerated() {
      try directory.write("\(index).ours", merge.ours)
      try directory.write("\(index).base", merge.base)
      try directory.write("\(index).theirs", merge.theirs)
      var arguments = ["-p", "--marker-size=\(merge.options.markerSize)"]
      switch merge.options.style {
      case .merge: break
      case .diff3: arguments.append("--diff3")
      case .zdiff3: arguments.append("--zdiff3")
      }
      switch merge.options.favor {
      case .none: break
      case .ours: arguments.append("--ours")
      case .theirs: arguments.append("--theirs")
      case .union: arguments.append("--union")
      }
      for label in [merge.options.oursLabel, merge.options.baseLabel, merge.options.theirsLabel] {
        guard let label, !label.contains("'") else { throw SetupError(description: "git merge-file needs plain labels") }
        arguments += ["-L", "'\(label)'"]
      }
      arguments += ["\(index).ours", "\(index).base", "\(index).theirs"]
      script += "git merge-file \(arguments.joined(separator: " ")) >\(index).out; echo $? >\(index).status\n"
    }
    try directory.write("merges.sh", script)
    let (_, status) = try run(["/bin/sh", "merges.sh"])
    guard status == 0 else { throw SetupError(description: "the merges' script failed: status \(status)") }
    return try merges.indices.map { index in
      let status = Int32(try directory.readText("\(index).status").split(separator: "\n").first ?? "") ?? -1
      guard (0...127).contains(status) else { throw SetupError(description: "git merge-file failed: status \(status)") }
      return (try directory.read("\(index).out"), status)
    }
  }

  /// `git diff --no-index -U0` of each pair, with git's default (Myers) algorithm and without the
  /// indent heuristic, read back as the changes its hunk headers give; one shell runs them all.
  func diffs(_ pairs: [(old: [UInt8], new: [UInt8])]) throws -> [[LineChange]] {
    var script = ""
    for (index, pair) in pairs.enumerated() {
      try directory.write("\(index).old", pair.old)
      try directory.write("\(index).new", pair.new)
      script += "git diff --no-index --no-indent-heuristic --diff-algorithm=myers -U0 --no-color \(index).old \(index).new"
      script += " >\(index).diff; echo $? >\(index).status\n"
    }
    try directory.write("diffs.sh", script)
    let (_, status) = try run(["/bin/sh", "diffs.sh"])
    guard status == 0 else { throw SetupError(description: "the diffs' script failed: status \(status)") }
    // @@ -start[,count] +start[,count] @@: an empty range's start is the line before it (from 1).
    func range(_ field: Substring) -> Range<Int> {
      let parts = field.dropFirst().split(separator: ",")
      let start = Int(parts[0])!
      let count = parts.count > 1 ? Int(parts[1])! : 1
      return count == 0 ? start..<start : (start - 1)..<(start - 1 + count)
    }
    return try pairs.indices.map { index in
      let status = try directory.readText("\(index).status")
      guard status == "0\n" || status == "1\n" else { throw SetupError(description: "git diff failed: status \(status)") }
      // Split as bytes: a String reads "\r\n" as one character.
      return try directory.read("\(index).diff").split(separator: UInt8(ascii: "\n"))
        .filter { $0.starts(with: Array("@@ ".utf8)) }
        .map { bytes in
          let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
          return LineChange(old: range(fields[1]), new: range(fields[2]))
        }
    }
  }

  private func run(_ arguments: [String]) throws -> ([UInt8], Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
    environment["GIT_CEILING_DIRECTORIES"] = URL(fileURLWithPath: directory.path).deletingLastPathComponent().path
    environment["LC_ALL"] = "C"
    process.environment = environment
    let output = directory.url("output")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let handle = try FileHandle(forWritingTo: output)
    defer { try? handle.close() }
    process.standardOutput = handle
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit else { throw SetupError(description: "git was killed") }
    return (try directory.read("output"), process.terminationStatus)
  }
}

/// A number from the environment (`TEXTMERGE_RUNS`, `TEXTMERGE_SEED`), or `fallback`.
func environmentNumber(_ name: String, _ fallback: Int) -> Int {
  ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? fallback
}
