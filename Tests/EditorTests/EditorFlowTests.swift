import Document
import Canvas
import TerminalInput
import Editor
import Runtime
import Reorder
import Testing
import TileModel

/// The editor's own keys and messages: saving (to the file, under a typed name, over a changed or
/// read-only file), quitting, signals, suspend, and the line editor of the prompts.
@Suite("Editor: saving, quitting, signals and prompts")
struct EditorFlowTests {
  static func editor(fileName: String? = "grid.json") -> EditorState {
    EditorState(arrangement: Arrangement.demo, screen: Size(width: 80, height: 24), fileName: fileName)
  }

  /// Moves the first tile one place right with the keyboard: one unsaved change.
  static func change(_ editor: inout EditorState) {
    EditorKeys.carryRight(&editor)
    #expect(editor.isDirty)
  }

  @Test func sWritesTheFileItCameFrom() {
    var e = Self.editor()
    Self.change(&e)
    #expect(EditorKeys.press(.character("s"), &e) == [.save(to: nil, force: false)])
    #expect(e.announcement == .saving)
    _ = e.update(.saved(name: nil), at: e.now)
    #expect(!e.isDirty)
    #expect(e.announcement == .saved(name: "grid.json"))
  }

  @Test func theDemoAsksForAFileName() {
    var e = Self.editor(fileName: nil)
    #expect(EditorKeys.press(.character("s"), &e) == [])
    #expect(e.prompt?.purpose == .saveAs(thenQuit: false))
    EditorKeys.type("my gridx", &e)
    _ = EditorKeys.press(.backspace, &e)
    _ = EditorKeys.press(.left, &e)
    _ = EditorKeys.press(.left, &e)
    EditorKeys.type("-", &e)
    #expect(e.prompt?.field.text == "my gr-id")
    // The prompt takes every key: 'q' is a letter of the name, not a quit.
    EditorKeys.type("q", &e)
    _ = EditorKeys.press(.backspace, &e)
    #expect(EditorKeys.press(.enter, &e) == [.save(to: "my gr-id", force: false)])
    #expect(e.prompt == nil)
    _ = e.update(.saved(name: "my gr-id"), at: e.now)
    #expect(e.fileName == "my gr-id")
    #expect(e.saveTarget == .file)
    #expect(EditorKeys.press(.character("s"), &e) == [.save(to: nil, force: false)])
  }

  @Test func escCancelsTheFileNameAndAnEmptyNameIsNotSubmitted() {
    var e = Self.editor(fileName: nil)
    _ = EditorKeys.press(.character("s"), &e)
    #expect(EditorKeys.press(.enter, &e) == [])
    #expect(e.prompt != nil)
    _ = EditorKeys.press(.escape, &e)
    #expect(e.prompt == nil)
    #expect(e.announcement == .notSaved(.cancelled))
  }

  @Test func aFileChangedOnDiskIsMergedBeforeSavingNeverAsked() {
    var e = Self.editor()
    Self.change(&e)
    _ = EditorKeys.press(.character("s"), &e)
    #expect(e.update(.saveFailed(.changedOnDisk), at: e.now).contains(.readDisk))
    #expect(e.question == nil)
    #expect(e.isDirty)
    #expect(e.update(.diskVersion(.demo, token: 1), at: e.now).contains(.save(to: nil, force: false)))
    _ = e.update(.saved(name: nil), at: e.now)
    #expect(!e.isDirty)
  }

  @Test func aReadOnlyFileCanBeSavedElsewhereOrLeftAlone() {
    var e = Self.editor()
    Self.change(&e)
    _ = EditorKeys.press(.character("s"), &e)
    _ = e.update(.saveFailed(.readOnly), at: e.now)
    #expect(e.question == .fileReadOnly)
    _ = EditorKeys.press(.character("a"), &e)
    #expect(e.prompt?.purpose == .saveAs(thenQuit: false))
    // The field holds the file's own name, to change into another.
    #expect(e.prompt?.field.text == "grid.json")
    _ = EditorKeys.press(.control("u"), &e)
    EditorKeys.type("copy.json", &e)
    #expect(EditorKeys.press(.enter, &e) == [.save(to: "copy.json", force: false)])
    _ = e.update(.saveFailed(.readOnly), at: e.now)
    _ = EditorKeys.press(.character("x"), &e)
    #expect(e.question == nil)
    #expect(e.announcement == .notSaved(.cancelled))
    #expect(e.isDirty)
  }

  @Test func saveAsOverAnExistingFileAsks() {
    var e = Self.editor(fileName: nil)
    _ = EditorKeys.press(.character("s"), &e)
    EditorKeys.type("taken.json", &e)
    #expect(EditorKeys.press(.enter, &e) == [.save(to: "taken.json", force: false)])
    _ = e.update(.saveFailed(.exists), at: e.now)
    #expect(e.question == .fileExists)
    #expect(EditorKeys.press(.character("o"), &e) == [.save(to: "taken.json", force: true)])
    _ = e.update(.saveFailed(.exists), at: e.now)
    _ = EditorKeys.press(.character("a"), &e)
    #expect(e.prompt?.purpose == .saveAs(thenQuit: false))
  }

  @Test func quitAsksWithUnsavedChangesAndSaveAndQuitQuitsOnlyAfterTheSave() {
    var e = Self.editor()
    #expect(EditorKeys.press(.character("q"), &e) == [.quit])
    Self.change(&e)
    #expect(EditorKeys.press(.character("q"), &e) == [])
    #expect(e.question == .quitWithUnsavedChanges)
    #expect(EditorKeys.press(.character("n"), &e) == [])
    #expect(e.question == nil)
    _ = EditorKeys.press(.control("c"), &e)
    #expect(EditorKeys.press(.character("s"), &e) == [.save(to: nil, force: false)])
    #expect(e.update(.saved(name: nil), at: e.now) == [.quit])
    // A failed save does not quit.
    Self.change(&e)
    _ = EditorKeys.press(.character("q"), &e)
    _ = EditorKeys.press(.character("s"), &e)
    #expect(e.update(.saveFailed(.failed("the disk is full")), at: e.now).contains(.quit) == false)
  }

  @Test func sigintAsksLikeQ_andSigtermWritesARecoveryFileOnlyWithUnsavedChanges() {
    var e = Self.editor()
    #expect(e.update(.signal(.terminate), at: 0).filter { !$0.isHappening } == [.quit])
    Self.change(&e)
    _ = e.update(.signal(.interrupt), at: e.now)
    #expect(e.question == .quitWithUnsavedChanges)
    #expect(e.update(.signal(.terminate), at: e.now).filter { !$0.isHappening } == [.writeRecovery, .quit])
  }

  @Test func sigtermInTheMiddleOfADragCancelsItFirst() {
    var e = Self.editor()
    _ = EditorKeys.press(.space, &e)
    _ = EditorKeys.press(.right, &e)
    #expect(e.isDirty == false)
    let effects = e.update(.signal(.terminate), at: e.now)
    #expect(effects.contains(.happened(.gesture(.cancelled(.tile(ItemPath(0, 0)))))))
    #expect(effects.filter { !$0.isHappening } == [.quit])
    #expect(e.arrangement == Arrangement.demo)
  }

  @Test func ctrlZSuspendsAndCtrlLRedraws() {
    var e = Self.editor()
    _ = EditorKeys.press(.space, &e)
    #expect(EditorKeys.press(.control("z"), &e) == [.suspend])
    #expect(e.reorder.gesture == .idle)
    #expect(EditorKeys.press(.control("l"), &e) == [.redraw])
  }

  @Test func ctrlZSuspendsFromAPromptAQuestionAndTheHelpLeavingThemAsTheyWere() {
    var e = Self.editor()
    _ = EditorKeys.press(.character("r"), &e)
    EditorKeys.type("ab", &e)
    let prompt = e.prompt
    #expect(prompt?.field.text.hasSuffix("ab") == true)
    #expect(EditorKeys.press(.control("z"), &e) == [.suspend])
    #expect(e.prompt == prompt)
    _ = EditorKeys.press(.escape, &e)
    _ = EditorKeys.press(.character("?"), &e)
    #expect(EditorKeys.press(.control("z"), &e) == [.suspend])
    #expect(e.showingHelp)
    _ = EditorKeys.press(.character("x"), &e)
    _ = EditorKeys.press(.space, &e)
    _ = EditorKeys.press(.right, &e)
    _ = EditorKeys.press(.space, &e)
    _ = EditorKeys.press(.character("q"), &e)
    let question = e.overlay
    #expect(EditorKeys.press(.control("z"), &e) == [.suspend])
    #expect(e.overlay == question && question != nil)
  }

  @Test func aLongFieldShowsItsEndBeforeTheCursorAndEndsWhereTheCursorIs() {
    var e = Self.editor()
    _ = EditorKeys.press(.character("r"), &e)
    _ = EditorKeys.press(.control("u"), &e)
    let long = String(repeating: "0123456789", count: 10_000) + "END"
    _ = e.update(.input(.paste(long)), at: e.now)
    let status = e.view(scheme: .monochrome).lines.last ?? ""
    #expect(status.contains("3456789END "), "\(status)")
    #expect(e.prompt?.field.text == long)
    // The cursor at the start: the field's first characters, the end cut at the screen's edge.
    _ = EditorKeys.press(.home, &e)
    let start = e.view(scheme: .monochrome).lines.last ?? ""
    #expect(start.contains("Title: 0123456789"), "\(start)")
    #expect(start.count == 80, "\(start)")
  }

  @Test func helpClosesOnAnyKeyWithoutActingOnIt() {
    var e = Self.editor()
    _ = EditorKeys.press(.character("?"), &e)
    #expect(e.showingHelp)
    #expect(EditorKeys.press(.character("q"), &e) == [])
    #expect(!e.showingHelp)
    #expect(EditorKeys.press(.character("q"), &e) == [.quit])
  }

  /// A press held while a key opens a prompt never becomes a drag: the prompt's edit and a drag would
  /// otherwise meet half done (the drag's moves applied, not yet recorded), and a tile would be lost.
  @Test func aPressHeldUnderAPromptNeverLifts() {
    var e = EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "demo.json")
    _ = e.update(.input(.mouse(MouseEvent(.press(.left), x: 5, y: 3))), at: 0)
    _ = e.update(.input(.key(.character("a"))), at: 10)
    Program.wait(400, on: &e)
    #expect(!e.reorder.gesture.isDragging)
    _ = e.update(.input(.mouse(MouseEvent(.motion, x: 20, y: 3))), at: e.now)
    _ = e.update(.bytes(Array("x".utf8)), at: e.now)
    _ = e.update(.input(.key(.enter)), at: e.now)
    _ = e.update(.input(.mouse(MouseEvent(.release(.left), x: 20, y: 3))), at: e.now)
    #expect(e.arrangement.tileCount == 19)
    _ = e.update(.input(.key(.character("u"))), at: e.now)
    #expect(e.arrangement == Arrangement.demo)
  }

  /// Undo and redo of an edit of several tiles keep the find, as the edit itself did.
  @Test func undoOfARecolorKeepsTheFind() {
    var e = EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "demo.json")
    func key(_ k: Key) { _ = e.update(.input(.key(k)), at: e.now) }
    key(.character("/"))
    _ = e.update(.bytes(Array("gray".utf8)), at: e.now)
    key(.enter)
    let matches = e.find?.matchCount
    #expect(matches == 7)
    key(.character("x"))
    key(.right)
    key(.character("x"))
    key(.character("c"))
    key(.control("u"))
    _ = e.update(.bytes(Array("red".utf8)), at: e.now)
    key(.enter)
    #expect(e.find?.matchCount == matches)
    key(.character("u"))
    #expect(e.find?.matchCount == matches, "undo kept the find")
    key(.character("U"))
    #expect(e.find?.matchCount == matches)
  }
}

@Suite("LineEditor: the prompts' text field")
struct LineEditorTests {
  @Test func editsAroundTheCursor() {
    var f = LineEditor("abc")
    #expect(f.cursor == 3)
    _ = f.handle(.left)
    _ = f.handle(.backspace)
    #expect(f.text == "ac")
    _ = f.handle(.home)
    _ = f.handle(.character("한"))
    _ = f.handle(.delete)
    #expect(f.text == "한c")
    _ = f.handle(.end)
    _ = f.handle(.space)
    #expect(f.text == "한c ")
    _ = f.handle(.control("a"))
    _ = f.handle(.control("k"))
    #expect(f.text == "")
    #expect(f.handle(.backspace) == .ignored)
    #expect(f.handle(.enter) == .submitted)
    #expect(f.handle(.escape) == .cancelled)
  }
}

extension EditorEffect {
  var isHappening: Bool {
    if case .happened = self { return true }
    return false
  }
}
