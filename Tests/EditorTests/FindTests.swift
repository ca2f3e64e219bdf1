import Document
import Canvas
import TerminalInput
import TestSupport
import Testing
import TileGridJSON
import TileModel

@testable import Editor

/// `/` finds a tile by title or id as the person types; `n` and `N` go through the matches.
@Suite("Find: incremental, case-insensitive, Unicode-aware")
struct FindTests {
  static func editor(_ arrangement: Arrangement = .demo) -> EditorState {
    EditorState(arrangement: arrangement, screen: Size(width: 80, height: 24), fileName: "grid.json")
  }

  static func keys(_ keys: [Key], _ editor: inout EditorState) {
    for key in keys { _ = editor.update(.input(.key(key)), at: editor.now) }
  }

  static func type(_ text: String, _ editor: inout EditorState) {
    keys(text.map { $0 == " " ? .space : .character($0) }, &editor)
  }

  static func focusedTitle(_ editor: EditorState) -> String? {
    editor.reorder.focus.tile.map { editor.arrangement[$0].displayTitle }
  }

  @Test func focusFollowsTheFirstMatchAsTheTextGrows() {
    var e = Self.editor()
    Self.keys([.character("/")], &e)
    Self.type("g", &e)
    #expect(Self.focusedTitle(e) == "green")
    Self.type("ray", &e)
    #expect(Self.focusedTitle(e) == "gray")
    #expect(e.find?.matchCount == 7)  // gray, darkGray, lightGray and the four grays
    Self.type(" 1", &e)
    #expect(Self.focusedTitle(e) == "gray 124")
    Self.keys([.backspace, .backspace], &e)
    #expect(Self.focusedTitle(e) == "gray")
    Self.keys([.enter], &e)
    #expect(e.prompt == nil)
    #expect(Self.focusedTitle(e) == "gray")
  }

  /// Typing on after a text that matches nothing extends the find in place (not made again from the
  /// whole field at every key): it is still exactly what finding the whole field gives.
  @Test func typingOnAfterNoMatchIsTheSameFindAsFindingTheWholeText() {
    func whole(_ text: String) -> Find? {
      var e = Self.editor()
      Self.keys([.character("/")], &e)
      _ = e.update(.input(.paste(text)), at: e.now)
      return e.find
    }
    var e = Self.editor()
    Self.keys([.character("/")], &e)
    Self.type("grAy", &e)
    #expect(e.find?.matchCount == 7)
    Self.type("ZZ", &e)
    #expect(e.find?.matchCount == 0)
    Self.type("Q x", &e)
    _ = e.update(.input(.paste("ÉtÉ\u{301}s")), at: e.now)
    Self.type("END", &e)
    #expect(e.find == whole("grAyZZQ xÉtÉ\u{301}sEND") && e.find?.query == "grAyZZQ xÉtÉ\u{301}sEND", "\(String(describing: e.find))")
    // Back to a text that matches: found anew.
    Self.keys(Array(repeating: .backspace, count: 12), &e)
    #expect(e.find?.matchCount == 7)
    Self.keys([.enter], &e)
    // A new find prompt starts afresh: a paste into it is not taken for more of the last text.
    Self.keys([.character("/")], &e)
    Self.type("qqq", &e)
    #expect(e.find?.matchCount == 0)
    Self.keys([.enter], &e)
    Self.keys([.character("/")], &e)
    _ = e.update(.input(.paste("gray 1")), at: e.now)
    #expect(e.find?.matchCount == 2 && Self.focusedTitle(e) == "gray 124", "\(String(describing: e.find))")
  }

  @Test func nAndNGoThroughTheMatchesAndWrap() {
    var e = Self.editor()
    Self.keys([.character("/")], &e)
    Self.type("GRAY 1", &e)
    Self.keys([.enter], &e)
    #expect(Self.focusedTitle(e) == "gray 124")
    Self.keys([.character("n")], &e)
    #expect(Self.focusedTitle(e) == "gray 180")
    Self.keys([.character("n")], &e)
    #expect(Self.focusedTitle(e) == "gray 124")
    Self.keys([.character("N")], &e)
    #expect(Self.focusedTitle(e) == "gray 180")
    Self.keys([.character("N"), .character("N")], &e)
    #expect(Self.focusedTitle(e) == "gray 180")
  }

  @Test func escPutsTheFocusBack() {
    var e = Self.editor()
    Self.keys([.down, .right], &e)
    let before = e.reorder.focus
    Self.keys([.character("/")], &e)
    Self.type("yell", &e)
    #expect(Self.focusedTitle(e) == "yellow")
    Self.keys([.escape], &e)
    #expect(e.reorder.focus == before)
    #expect(e.find == nil)
    #expect(e.statusText == "Cancelled")
  }

  @Test func fromAFocusedHeaderTheFindStartsInItsSectionAndEscGoesBackToTheHeader() {
    var e = Self.editor()
    Self.keys([.tab, .tab], &e)  // the Grays header (Others first)
    let header = e.reorder.focus.header
    #expect(header == 2)
    Self.keys([.character("/")], &e)
    Self.type("gr", &e)
    #expect(Self.focusedTitle(e) == "gray 99")  // from Grays on, not from the top (green)
    Self.keys([.escape], &e)
    #expect(e.reorder.focus == .header(2))
  }

  @Test func noMatchSaysSoAndKeepsTheFocus() {
    var e = Self.editor()
    Self.keys([.character("/")], &e)
    Self.type("zzz", &e)
    #expect(e.announcement == .notFound("zzz"))
    #expect(e.reorder.focus.tile == ItemPath(0, 0))
  }

  @Test func idsMatchTooAndTheSearchStartsAtTheFocus() {
    var e = Self.editor()
    Self.keys([.tab, .tab, .down], &e)  // the Grays section's first tile (Tab focuses its header)
    Self.keys([.character("/")], &e)
    Self.type("gray44", &e)  // an id: the title is "gray 44"
    #expect(Self.focusedTitle(e) == "gray 44")
    Self.keys([.escape, .character("/")], &e)
    Self.type("gr", &e)
    #expect(Self.focusedTitle(e) == "gray 99")  // the first match from the focus on, not from the top
  }

  @Test func koreanJapaneseAndDecomposedTextMatch() {
    let tiles = ["한국어 타일", "日本語のタイル", "Élan", "e\u{301}te\u{301}", "\u{1112}\u{1161}\u{11AB}글", "カ\u{3099}ラス"]
    let a = Arrangement(
      sections: [(Section(id: "s"), tiles.enumerated().map { Tile(id: "t\($0.offset)", title: $0.element) })])
    for (query, expected) in [
      ("타일", "한국어 타일"), ("のタ", "日本語のタイル"), ("élan", "Élan"), ("été", "e\u{301}te\u{301}"),
      ("한글", "\u{1112}\u{1161}\u{11AB}글"), ("ガラ", "カ\u{3099}ラス"),
    ] {
      var e = Self.editor(a)
      Self.keys([.character("/")], &e)
      Self.type(query, &e)
      #expect(Self.focusedTitle(e) == expected, "\(query)")
    }
  }

  @Test func narrowingGivesTheSameMatchesAsSearchingEverything() {
    var rng = SplitMix64(seed: 0xF1D)
    let alphabet = Array("abcAB한国é ")
    let titles = (0..<400).map { _ in String((0..<rng.int(1...8)).map { _ in rng.element(alphabet) }) }
    let a = Arrangement(sections: [(Section(id: "s"), titles.enumerated().map { Tile(id: "id\($0.offset)", title: $0.element) })])
    let index = FindIndex(a)
    for _ in 0..<300 {
      let short = FindIndex.fold(String((0..<rng.int(1...2)).map { _ in rng.element(alphabet) }))
      let long = short + FindIndex.fold(String((0..<rng.int(1...2)).map { _ in rng.element(alphabet) }))
      let previous = MatchSet.matching(short, in: index)
      #expect(MatchSet.matching(long, in: index, within: previous) == MatchSet.matching(long, in: index))
    }
  }

  @Test("an arrangement read from a file is indexed from its tiles' bytes, as the same tiles held in code")
  func indexOfAFile() throws {
    let tiles =
      [
        Tile(id: "a", title: "É café"), Tile(id: "B"), Tile(id: "c", title: #"quote " and \ back"#),
        Tile(id: "한국어", title: "e\u{301}"), Tile(id: "d", title: ""), Tile(id: "x\u{0}y", title: "NUL\u{0}"),
      ] + (0..<50).map { Tile(id: "t\($0)", title: $0 % 2 == 0 ? "Tile \($0)" : nil) }
    let held = Arrangement(sections: [(Section(id: "s"), tiles)])
    let read = try Arrangement(json: held.jsonBytes())
    let (a, b) = (FindIndex(read), FindIndex(held))
    #expect(a.folded == b.folded && a.starts == b.starts)
    #expect(a.starts.count == tiles.count + 1)
  }
}
