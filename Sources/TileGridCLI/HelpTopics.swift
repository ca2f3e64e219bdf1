import Editor
import Formats

// MARK: - `tilegrid help keys|formats|merge`: what a person needs at the terminal

extension TileGridCommand {
  /// A topic `tilegrid help TOPIC` prints: a section of the docs (copied into the binary: the docs are
  /// not installed with it), with what the declarations make around it.
  struct HelpTopic: Sendable {
    var name: String
    /// One line for the overview.
    var summary: String
    /// The page and the heading of the section it prints (to the next heading of its level).
    var source: (file: String, heading: String)
    /// The section as the page has it (Markdown), copied by Scripts/copy-help-topics.
    var markdown: String
  }

  /// Every topic, in the order the overview lists them.
  static let helpTopics: [HelpTopic] = [.keysText, .formatsText, .mergeText]

  /// The topic's text: the keys in effect and the mouse before the keys page's section; the formats'
  /// names before theirs; the merge's section, then where its options are.
  static func text(of topic: HelpTopic) throws(CLIError) -> String {
    let docs = HelpTopic.plain(topic.markdown)
    switch topic.name {
    case "keys":
      let keys = try Keys(nil, userFile: true)
      keys.warn()
      let whose = keys.path.map { "the keys in effect, from \($0)" } ?? "the standard keys (no keys file)"
      let mouse = KeyHelp.mouse.map { "  " + $0.keys + String(repeating: " ", count: max(0, 14 - $0.keys.count)) + $0.action }
      return "The editor's commands, each with its keys in a context: \(whose).\n"
        + "In the editor ? shows them, and : runs any command by its name.\n\n"
        + keys.keymap.terminalText(KeyContext.allCases) + "\n"
        + (["With the mouse:"] + mouse).joined(separator: "\n") + "\n\n" + docs
        + "\n'tilegrid keys' prints the keys in effect as a keys file.\n"
    case "formats":
      return "The formats (--format, --to): \(ArrangementFormat.names).\n\n" + docs
    default:
      return docs + "\nIts options: 'tilegrid \(topic.name) --help'.\n"
    }
  }

  /// The overview's lines about the topics.
  static var topicLines: [String] {
    ["'tilegrid help TOPIC' prints what a person needs at the terminal, from the docs:"]
      + helpTopics.map { topic in
        let head = "  help \(topic.name)"
        return head + String(repeating: " ", count: max(1, 39 - head.count)) + topic.summary
      }
  }
}

extension TileGridCommand.HelpTopic {
  /// Markdown as a terminal shows it: headings underlined, links as their text, `**` left out, code
  /// blocks indented by four without their fences, HTML comments left out, a line of prose longer than
  /// 100 columns broken at spaces (under its own indent, or a list item's text); everything else as
  /// written.
  static func plain(_ markdown: String) -> String {
    var lines: [String] = []
    var fenced = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") {
        fenced.toggle()
        continue
      }
      if fenced {
        lines.append(line.isEmpty ? "" : "    " + line)
        continue
      }
      if line.hasPrefix("<!--") && line.hasSuffix("-->") { continue }
      if line.hasPrefix("#") {
        let title = String(line.drop { $0 == "#" }.dropFirst()).filter { $0 != "`" }
        lines += [title, String(repeating: "─", count: title.count)]
        continue
      }
      lines += wrapped(linksAsText(line).replacingAll("**", with: ""))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A line of prose in lines of at most `width` columns, broken at spaces; the lines after the first
  /// start under its text (after `- ` or `1. ` for a list item). A table's row is left whole.
  static func wrapped(_ line: String, width: Int = 100) -> [String] {
    guard line.count > width, !line.hasPrefix("|") else { return [line] }
    let indent = line.prefix { $0 == " " }.count
    let body = line.dropFirst(indent)
    let marker = body.hasPrefix("- ") ? 2 : body.prefix { $0.isNumber }.count > 0 && body.drop { $0.isNumber }.hasPrefix(". ")
      ? body.prefix { $0.isNumber }.count + 2 : 0
    let hanging = String(repeating: " ", count: indent + marker)
    var lines: [String] = []
    var current = ""
    for word in line.split(separator: " ", omittingEmptySubsequences: true) {
      let start = current.isEmpty ? (lines.isEmpty ? String(repeating: " ", count: indent) : hanging) : current + " "
      if !current.isEmpty && start.count + word.count > width {
        lines.append(current)
        current = hanging + word
      } else {
        current = start + word
      }
    }
    return lines + [current]
  }

  /// `[text](target)` as `text`.
  static func linksAsText(_ line: String) -> String {
    var result = ""
    var rest = Substring(line)
    while let open = rest.firstIndex(of: "[") {
      guard let close = rest[open...].firstIndex(of: "]"), rest.index(after: close) < rest.endIndex,
        rest[rest.index(after: close)] == "(", let end = rest[close...].firstIndex(of: ")")
      else {
        result += rest[...open]
        rest = rest[rest.index(after: open)...]
        continue
      }
      result += rest[..<open] + rest[rest.index(after: open)..<close]
      rest = rest[rest.index(after: end)...]
    }
    return result + rest
  }
}

extension String {
  /// Every `target` left out or replaced (no Foundation).
  fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
