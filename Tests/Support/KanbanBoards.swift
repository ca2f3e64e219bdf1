/// Small Obsidian Kanban boards, as the tests of boards on the command line and in the editor write
/// them: the plugin's front matter, two lanes, and its settings block.
public enum KanbanBoards {
  /// The front matter, a `## To Do` lane of the lines `toDo`, a `## Done` lane of the lines `done`
  /// (under a `**Complete**` line when `complete`), then, when `settings`, the plugin's settings block
  /// after two blank lines. The lanes' lines are given without a final newline: cards and the lines
  /// that belong to them.
  public static func text(toDo: String, done: String, complete: Bool = true, settings: Bool = false) -> String {
    var text = "---\nkanban-plugin: basic\n---\n\n## To Do\n\n\(toDo)\n\n## Done\n\n"
    text += (complete ? "**Complete**\n" : "") + "\(done)\n"
    if settings { text += "\n\n%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\"}\n```\n%%\n" }
    return text
  }
}
