import Testing
import TileModel

@testable import Editor

/// A card as a reader of the Markdown sees it (docs/editor.md, "Cards"): the title without its syntax,
/// tags and dates apart, and what the lines under the card say.
@Suite("Cards: titles and details read from the Markdown")
struct CardFaceTests {
  typealias Run = CardFace.Run

  /// A Markdown card whose item line is `- [ ] TITLE` and `lines` under it.
  static func card(_ title: String, checked: Bool? = false, lines: [String] = []) -> Tile {
    let box = checked.map { $0 ? "[x] " : "[ ] " } ?? ""
    let all = ["- " + box + title] + lines
    var extras: [JSONField] = []
    if let checked { extras.append(JSONField("checked", .bool(checked))) }
    extras.append(JSONField("markdown", .object([JSONField("lines", .array(all.map(JSONValue.string)))])))
    return Tile(id: "card", title: title, extras: extras)
  }

  static func title(_ text: String) -> [[Run]] {
    CardFace(card(text), markdown: true).title
  }

  @Test("links show their text; wiki links their alias, else their page")
  func links() {
    #expect(Self.title("Read [RFC 9110](https://www.rfc-editor.org/rfc/rfc9110) first") == [
      [Run("Read "), Run("RFC 9110", .link), Run(" first")]
    ])
    #expect(Self.title("Investigate [[Flaky login test]]") == [[Run("Investigate "), Run("Flaky login test", .link)]])
    #expect(Self.title("See [[notes/2024 plan|the plan]]") == [[Run("See "), Run("the plan", .link)]])
    // Not a link: brackets without a target stay as written.
    #expect(Self.title("[draft] agenda") == [[Run("[draft] agenda")]])
  }

  @Test("<br> breaks the line; emphasis, marks, strikes and code lose their markers")
  func inlineMarkup() {
    #expect(Self.title("Design dark mode<br>see Figma:") == [[Run("Design dark mode")], [Run("see Figma:")]])
    #expect(Self.title("Design<br/>mode<BR />now") == [[Run("Design")], [Run("mode")], [Run("now")]])
    #expect(Self.title("**Ship** the *new* ==beta== `v2` ~~old~~") == [
      [
        Run("Ship", .bold), Run(" the "), Run("new", .italic), Run(" "), Run("beta", .mark), Run(" "),
        Run("v2", .code), Run(" "), Run("old", .struck),
      ]
    ])
    #expect(Self.title("__all__ of _it_") == [[Run("all", .bold), Run(" of "), Run("it", .italic)]])
    #expect(Self.title("***both***") == [[Run("both", [.bold, .italic])]])
  }

  @Test("what is not closed, snake_case, a lone star and escapes stay as written")
  func literalText() {
    #expect(Self.title("**not closed") == [[Run("**not closed")]])
    #expect(Self.title("snake_case_name") == [[Run("snake_case_name")]])
    #expect(Self.title("2 * 3 * 4") == [[Run("2 * 3 * 4")]])
    #expect(Self.title("\\*not em\\*") == [[Run("*not em*")]])
    #expect(Self.title("`**code**` stays") == [[Run("**code**", .code), Run(" stays")]])
    #expect(Self.title("a `` ` `` b") == [[Run("a "), Run("`", .code), Run(" b")]])
  }

  @Test("tags are drawn apart; dates are taken out of the title into the card's due date")
  func tagsAndDates() {
    let face = CardFace(Self.card("Plan the offsite #team @{2024-07-12} @@{10:00}"), markdown: true)
    #expect(face.title == [[Run("Plan the offsite "), Run("#team", .tag)]])
    #expect(face.dates == ["2024-07-12", "10:00"] && face.due == "2024-07-12 10:00")
    #expect(CardFace(Self.card("Call @[[2024-07-13]]"), markdown: true).dates == ["2024-07-13"])
    // A number is not a tag, nor a # inside a word.
    #expect(Self.title("Issue #42 in C#x") == [[Run("Issue #42 in C#x")]])
  }

  @Test("a taskell card: its description, sub-tasks and due date; an Obsidian card's lines go on its title")
  func linesUnderACard() {
    let taskell = CardFace(
      Self.card(
        "Write the release notes", checked: nil,
        lines: [
          "    > Collect the changes since 0.3.", "    * [ ] Editor", "    * [x] Command line", "    * [ ] Formats",
          "    @ 2024-06-01",
        ]), markdown: true)
    #expect(taskell.title == [[Run("Write the release notes")]])
    #expect(taskell.checkbox == nil)
    #expect(taskell.description == ["Collect the changes since 0.3."])
    #expect(taskell.subtasks.map(\.done) == [false, true, false] && taskell.subtasks.map(\.text) == ["Editor", "Command line", "Formats"])
    #expect(taskell.subtaskCount == (1, 3) && taskell.due == "2024-06-01")

    let obsidian = CardFace(
      Self.card("Write the agenda", lines: ["  with a second line that continues the card", "  and a **third**", ""]),
      markdown: true)
    #expect(obsidian.title == [
      [Run("Write the agenda")], [Run("with a second line that continues the card")], [Run("and a "), Run("third", .bold)],
    ])
    let nested = CardFace(Self.card("Draft the budget", lines: ["\t- [ ] travel", "\t- [x] rooms", "\t- note"]), markdown: true)
    #expect(nested.subtaskCount == (1, 2) && nested.description == ["• note"])
  }

  @Test("a tile not read as Markdown shows its title as written, with its checkbox")
  func notMarkdown() {
    let face = CardFace(Self.card("**as** [is](x)", checked: true), markdown: false)
    #expect(face.title == [[Run("**as** [is](x)")]] && face.checkbox == true && face.dates.isEmpty)
    #expect(face.plainTitle == "**as** [is](x)")
    #expect(CardFace(Self.card("Read [RFC](u) <br> now"), markdown: true).plainTitle == "Read RFC now")
  }

  @Test("a long line of openers that never close is read in one pass, as text")
  func unclosedOpenersAtLength() {
    let text = String(repeating: "[a ** _b `", count: 20_000)
    let face = CardFace(Self.card(text), markdown: true)
    #expect(face.plainTitle.count > 100_000)
  }
}
