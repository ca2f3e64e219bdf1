import Canvas
import Editor
import Reorder
import TerminalInput
import Testing
import TileModel

/// Prompts and messages, each pinned: an empty title adds nothing, Esc and Ctrl-C in a prompt cancel
/// it and say so, places in messages count from 1.
@Suite("Editor: prompts and messages")
struct PromptsAndMessagesTests {
  static func editor() -> EditorState {
    EditorState(arrangement: Arrangement.demo, screen: Size(width: 80, height: 24), fileName: "grid.json")
  }

  static func press(_ key: Key, _ editor: inout EditorState) {
    _ = editor.update(.input(.key(key)), at: editor.now)
  }

  static func type(_ text: String, _ editor: inout EditorState) {
    for c in text { press(c == " " ? .space : .character(c), &editor) }
  }

  @Test("a, then Enter with nothing typed (or only spaces): nothing added, the prompt stays open with the reason")
  func emptyTitleAddsNothing() {
    for typed in ["", "   "] {
      var e = Self.editor()
      let count = e.arrangement.tileCount
      Self.press(.character("a"), &e)
      Self.type(typed, &e)
      Self.press(.enter, &e)
      #expect(e.arrangement.tileCount == count)
      #expect(e.prompt != nil)
      #expect(e.announcement == .badValue("a tile needs a title (Esc cancels)"))
      #expect(!e.isDirty)
      Self.type("x", &e)
      Self.press(.enter, &e)
      #expect(e.arrangement.tileCount == count + 1)
    }
  }

  @Test("A with a title of only spaces adds no section; r to only spaces renames none")
  func blankSectionTitle() {
    var e = Self.editor()
    let sections = e.arrangement.sections.count
    Self.press(.character("A"), &e)
    Self.type("  ", &e)
    Self.press(.enter, &e)
    #expect(e.arrangement.sections.count == sections)
    #expect(e.prompt != nil)
    #expect(e.announcement == .badValue("a section needs a title (Esc cancels)"))
  }

  @Test("Esc in a prompt says Cancelled; Ctrl-C in a prompt cancels it and does not ask to quit")
  func cancelling() {
    var e = Self.editor()
    Self.press(.character("a"), &e)
    Self.type("half", &e)
    Self.press(.escape, &e)
    #expect(e.prompt == nil)
    #expect(e.announcement == .told("Cancelled"))
    Self.press(.character("r"), &e)
    Self.press(.control("c"), &e)
    #expect(e.prompt == nil && e.question == nil)
    #expect(e.announcement == .told("Cancelled"))
    #expect(e.arrangement == Arrangement.demo)
  }

  @Test("after a delete the status says what is focused now; redo names the deleted tile; undo counts several")
  func deleteMessages() {
    var e = Self.editor()
    Self.press(.right, &e)
    Self.press(.character("d"), &e)
    #expect(e.statusText == "Deleted red — green, Favorites 2 of 4")
    Self.press(.character("u"), &e)
    Self.press(.character("U"), &e)
    #expect(e.statusText == "Redone: deleted red — green, Favorites 2 of 4")
    var f = Self.editor()
    Self.press(.character("x"), &f)
    Self.press(.right, &f)
    Self.press(.character("x"), &f)
    Self.press(.character("d"), &f)
    Self.press(.character("y"), &f)
    Self.press(.character("u"), &f)
    #expect(f.statusText == "Undone: 2 tiles back — blue, Favorites 1 of 5")
  }

  @Test("the recolor prompt opens empty with the current color as a placeholder; Enter on it keeps the color")
  func recolorPlaceholder() throws {
    var e = Self.editor()
    Self.press(.character("c"), &e)
    #expect(e.prompt?.field.text == "")
    #expect(e.prompt?.placeholder == "blue")
    let status = try #require(e.view(scheme: .monochrome).lines.last)
    #expect(status.contains("Color:  blue"), "\(status)")
    Self.press(.enter, &e)
    #expect(e.prompt == nil && e.announcement == .told("Color kept") && !e.isDirty)
    Self.press(.character("c"), &e)
    Self.type("red", &e)
    Self.press(.enter, &e)
    #expect(e.arrangement[ItemPath(0, 0)].color == TileColor("red"))
  }

  @Test("messages from the world count from 1: sections[1].items[0].title is section 2, tile 1, its title")
  func placesCountFromOne() {
    #expect(
      Announcement.countedFromOne("cannot write lines: sections[1].items[0].title: a line cannot hold a line break")
        == "cannot write lines: section 2, tile 1, its title: a line cannot hold a line break")
    #expect(Announcement.countedFromOne("sections[2]: no lane") == "section 3: no lane")
    #expect(Announcement.countedFromOne("sections[x] and sections[") == "sections[x] and sections[")
    #expect(
      Announcement.notSaved(.failed("cannot write tsv: sections[0].items[3].title: a TSV field cannot hold a tab")).text
        == "Not saved: cannot write tsv: section 1, tile 4, its title: a TSV field cannot hold a tab")
  }

  @Test("a save that finds the file deleted says so, and the next s writes it again (force: no stamp expected)")
  func deletedOnDisk() {
    var e = Self.editor()
    Self.press(.space, &e)
    Self.press(.right, &e)
    Self.press(.enter, &e)
    #expect(e.update(.input(.key(.character("s"))), at: e.now) == [.save(to: nil, force: false)])
    _ = e.update(.saveFailed(.deletedOnDisk), at: e.now)
    #expect(e.statusText == "grid.json was deleted: s writes it again")
    #expect(e.question == nil && e.isDirty)
    #expect(e.update(.input(.key(.character("s"))), at: e.now) == [.save(to: nil, force: true)])
    _ = e.update(.saved(name: nil), at: e.now)
    #expect(!e.isDirty)
    #expect(e.update(.input(.key(.character("s"))), at: e.now) == [.save(to: nil, force: false)])
  }
}
