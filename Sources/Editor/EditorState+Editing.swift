import Canvas
import Document
import GridLayout
import Reorder
import TerminalInput
import TileModel

// MARK: - Editing commands: add, rename, recolor, resize, delete, lock, the most tiles (docs/editor.md,
// "Editing"; their keys and words are `EditCommand`'s table)
//
// Each command opens a prompt on the status line (or asks, or acts at once), checks the policies first so
// that a refusal says why before anything is typed, and makes one `Edit` step through the document:
// one undo step, traced as `add S.I ID`, `rename S.I`, … A refused edit changes nothing.

extension EditorState {
  /// What each editing command does (its keys, help line, prompt and words are in `EditCommand`'s table).
  mutating func begin(_ command: EditCommand) -> [EditorEffect] {
    switch command {
    case .addTile: return beginAddTile()
    case .addSection: return beginAddSection()
    case .rename: return beginRename()
    case .recolor: return beginRecolor()
    case .width: return beginWidth()
    case .delete: return beginDelete()
    case .lock: return toggleLock()
    case .maxItems: return beginMaxItems()
    case .check: return toggleCheck()
    case .view: return switchView()
    case .editText: return beginTextEdit()
    }
  }

  /// `e`: the focused card's text (`CardTextEditing.text`) in $VISUAL or $EDITOR, through the port;
  /// `textEdited` takes back what it became as one undo step.
  private mutating func beginTextEdit() -> [EditorEffect] {
    guard let path = reorder.focus.tile, arrangement.contains(path) else {
      announcement = .nothingToEdit
      return []
    }
    pendingTextEdit = (path, arrangement.ref(at: path))
    announcement = .told("Editing \(cardStyle.title(of: arrangement[path])) in the text editor")
    return [.editText(cardText.text(arrangement[path]))]
  }

  /// The text the editor asked for came back: the card it makes replaces the one edited, as one undo
  /// step, or the reason it makes none is said and nothing changes.
  mutating func takeEditedText(_ text: String?, failure: String? = nil) -> [EditorEffect] {
    guard let (path, ref) = pendingTextEdit, arrangement.contains(path), arrangement.ref(at: path) == ref else {
      pendingTextEdit = nil
      return []
    }
    pendingTextEdit = nil
    guard let text else {
      announcement = .told("Not edited: \(failure ?? "no text came back")")
      return []
    }
    let old = arrangement[path]
    switch cardText.read(text, old) {
    case .failure(let problem):
      return refuse(.textEdited, .tile(path), .invalidValue(field: "the text", problem.reason))
    case .success(let card):
      guard card != old else {
        announcement = .told("Not changed: \(cardStyle.title(of: old))")
        return []
      }
      return perform([.setTile(at: path, to: card)], verb: .textEdited, [.tile(path)])
    }
  }

  /// `X`: checks the focused or marked cards, or unchecks them when the first one is checked (`- [ ]` ↔
  /// `- [x]`, the one byte); a card without a checkbox gets one. Only a Markdown board keeps them.
  private mutating func toggleCheck() -> [EditorEffect] {
    let targets = editTargets
    guard !targets.isEmpty else {
      announcement = .nothingToEdit
      return []
    }
    let checking = arrangement[targets[0]].checkbox != true
    if let reason = traits.noCheckboxes {
      return refuse(checking ? .checked : .unchecked, .tile(targets[0]), .formatCannotKeep(reason))
    }
    let edits = targets.map { Edit.setTile(at: $0, to: arrangement[$0].withCheckbox(checking)) }
    return perform(edits, verb: checking ? .checked : .unchecked, targets.map(Subject.tile))
  }

  /// `v`: lanes side by side, or rows of sections. A format that keeps a layout (JSON) keeps it, as
  /// one undo step; for the others it is a view of this session, said once.
  private mutating func switchView() -> [EditorEffect] {
    let lanes = !document.layout.isLanes
    let viewport = document.layout.viewport
    if traits.keepsLayout {
      let old = arrangement.layoutSpec
      let spec: LayoutSpec? =
        lanes
        ? { var spec = LayoutSpec(.lanes(viewportWidth: viewport.width, lanes: arrangement.sections.count))
            spec.extras = old?.extras ?? []
            return spec }()
        : (old?.extras.isEmpty ?? true) ? nil : LayoutSpec(extras: old?.extras ?? [])
      // The subject is the whole arrangement; the trace names its first section.
      let effects = perform([.setLayout(spec)], verb: .laidOut(lanes: lanes), [.section(0)])
      if !announcement.isRefusal { announcement = .told(lanes ? "Lanes side by side" : "Rows of sections") }
      return effects
    }
    if case .lanes = document.view { lanesView = document.view }
    document.view = lanes ? lanesView : rowsView
    let effects = engineEffects(.tick)
    let said = lanes ? "Lanes side by side" : "Rows of sections"
    if saidViewOnly {
      announcement = .told(said)
    } else {
      saidViewOnly = true
      announcement = .told("\(said) — a view only: \(traits.name) keeps no layout")
    }
    return effects + [.happened(.edited(.laidOut(lanes: lanes), .section(0)))]
  }

  /// The marked tiles, or the focused one when none is marked, in reading order.
  var editTargets: [ItemPath] {
    let marked = reorder.markedPaths(in: arrangement)
    if !marked.isEmpty { return marked }
    return reorder.focus.tile.flatMap { arrangement.contains($0) ? [$0] : nil } ?? []
  }

  private mutating func open(_ prompt: EditPrompt, text: String = "") -> [EditorEffect] {
    overlay = .prompt(Prompt(purpose: .edit(prompt), field: LineEditor(text)))
    return []
  }

  /// A refusal before anything is typed: the reason on the status line and in the trace.
  private mutating func refuse(_ outcome: EditCommand.Outcome, _ subject: Subject, _ reason: EditError)
    -> [EditorEffect]
  {
    report(.refused(outcome, subject, reason))
  }

  // MARK: Opening the prompts

  /// `a`: a tile after the focused one; on a header at the start of its section; with nothing focused,
  /// at the end of the first section.
  private mutating func beginAddTile() -> [EditorEffect] {
    let place: ItemPath
    switch reorder.focus {
    case .tile(let path) where arrangement.contains(path): place = ItemPath(path.section, path.item + 1)
    case .header(let s): place = ItemPath(s, 0)
    default:
      guard !arrangement.sections.isEmpty else {
        announcement = .noSections
        return []
      }
      place = ItemPath(0, arrangement.sections[0].count)
    }
    // The policies first (a locked or full section), with a stand-in tile: nothing to type in vain.
    if let reason = arrangement.check(.insertTiles([Tile(id: "-")], at: [place])) {
      return refuse(.added(id: ""), .tile(place), reason)
    }
    announcement = .typeTitle
    return open(.addTile(at: place))
  }

  /// `A`: a section after the focused tile's or header's section, else at the end.
  private mutating func beginAddSection() -> [EditorEffect] {
    let index = reorder.focus.section.map { $0 + 1 } ?? arrangement.sections.count
    announcement = .typeTitle
    return open(.addSection(at: min(index, arrangement.sections.count)))
  }

  /// `r`: the focused tile's or section's title, to change.
  private mutating func beginRename() -> [EditorEffect] {
    switch reorder.focus {
    case .tile(let path) where arrangement.contains(path):
      let tile = arrangement[path]
      if tile.isLocked { return refuse(.renamed, .tile(path), .tileLocked(id: tile.id, at: path)) }
      announcement = .typeTitle
      return open(.renameTile(path), text: tile.displayTitle)
    case .header(let s):
      announcement = .typeTitle
      return open(.renameSection(s), text: arrangement.sections[s].displayTitle)
    default:
      announcement = .nothingToEdit
      return []
    }
  }

  /// `c`: a color for the focused or marked tiles; the tiles show it as it is typed.
  private mutating func beginRecolor() -> [EditorEffect] {
    let targets = editTargets
    guard !targets.isEmpty else {
      announcement = .nothingToEdit
      return []
    }
    if let reason = traits.noColors { return refuse(.recolored, .tile(targets[0]), .formatCannotKeep(reason)) }
    if let locked = targets.first(where: { arrangement[$0].isLocked }) {
      return refuse(.recolored, .tile(locked), .tileLocked(id: arrangement[locked].id, at: locked))
    }
    announcement = .typeColor
    // The field opens empty, the current color shown dim in it: typing replaces it, Enter keeps it.
    let current = targets.count == 1 ? arrangement[targets[0]].color?.spelling : nil
    overlay = .prompt(Prompt(purpose: .edit(.recolor(targets, completion: nil)), field: LineEditor(), placeholder: current))
    return []
  }

  /// `w`: a width for the focused or marked tiles.
  private mutating func beginWidth() -> [EditorEffect] {
    let targets = editTargets
    guard !targets.isEmpty else {
      announcement = .nothingToEdit
      return []
    }
    if let reason = traits.noWidths { return refuse(.resized, .tile(targets[0]), .formatCannotKeep(reason)) }
    if let locked = targets.first(where: { arrangement[$0].isLocked }) {
      return refuse(.resized, .tile(locked), .tileLocked(id: arrangement[locked].id, at: locked))
    }
    announcement = .typeWidth
    let current = targets.count == 1 ? arrangement[targets[0]].width.map(String.init) ?? "" : ""
    return open(.width(targets), text: current)
  }

  /// `M`: the most tiles the focused section (or the focused tile's) takes.
  private mutating func beginMaxItems() -> [EditorEffect] {
    guard let s = reorder.focus.section, s < arrangement.sections.count else {
      announcement = .nothingToEdit
      return []
    }
    if let reason = traits.noLimits { return refuse(.limited(nil), .section(s), .formatCannotKeep(reason)) }
    announcement = .typeMaxItems
    return open(.maxItems(section: s), text: arrangement.sections[s].maxItems.map(String.init) ?? "")
  }

  /// `d` or Delete: the focused tile at once; several marked tiles, or a section, after asking.
  private mutating func beginDelete() -> [EditorEffect] {
    if let s = reorder.focus.header {
      if let reason = arrangement.check(.deleteSection(at: s)) { return refuse(.deleted, .section(s), reason) }
      overlay = .question(.deleteSection(s))
      return []
    }
    let targets = editTargets
    guard !targets.isEmpty else {
      announcement = .nothingToEdit
      return []
    }
    if let reason = arrangement.check(.deleteTiles(at: targets)) {
      let blocked = targets.first { arrangement.check(.deleteTiles(at: [$0])) != nil } ?? targets[0]
      return refuse(.deleted, .tile(blocked), reason)
    }
    if targets.count > 1 {
      overlay = .question(.deleteTiles(targets))
      return []
    }
    return deleteTiles(targets)
  }

  /// `L`: locks or unlocks the focused tile or section at once.
  private mutating func toggleLock() -> [EditorEffect] {
    switch reorder.focus {
    case .tile(let path) where arrangement.contains(path):
      var tile = arrangement[path]
      let locking = !tile.isLocked
      if locking, let reason = traits.noLocks { return refuse(.locked, .tile(path), .formatCannotKeep(reason)) }
      tile.locked = locking
      return perform([.setTile(at: path, to: tile)], verb: locking ? .locked : .unlocked, [.tile(path)])
    case .header(let s):
      var section = arrangement.sections[s].fields
      let locking = !section.isLocked
      if locking, let reason = traits.noSectionLocks {
        return refuse(.locked, .section(s), .formatCannotKeep(reason))
      }
      section.locked = locking
      return perform([.setSection(at: s, to: section)], verb: locking ? .locked : .unlocked, [.section(s)])
    default:
      announcement = .nothingToEdit
      return []
    }
  }

  // MARK: Answers

  /// The answer to a delete question: `confirm` (y) deletes, any other key keeps everything.
  mutating func answerDelete(_ asked: Question, _ command: Command?) -> [EditorEffect] {
    guard command == .editor(.confirm) else {
      announcement = .kept
      return []
    }
    switch asked {
    case .deleteTiles(let paths): return deleteTiles(paths)
    case .deleteSection(let s):
      return perform([.deleteSection(at: s)], verb: .deleted, [.section(s)])
    default: return []
    }
  }

  private mutating func deleteTiles(_ paths: [ItemPath]) -> [EditorEffect] {
    perform([.deleteTiles(at: paths)], verb: .deleted, paths.map(Subject.tile))
  }

  /// Enter in an editing prompt: the edit, or why the value will not do (the prompt stays open to fix
  /// it).
  mutating func submitEdit(_ kind: EditPrompt, _ open: Prompt) -> [EditorEffect] {
    let text = open.field.text
    func stay(_ problem: String) -> [EditorEffect] {
      overlay = .prompt(open)
      announcement = .badValue(problem)
      return []
    }
    switch kind {
    case .addTile(let place):
      guard !text.trimmingSpaces.isEmpty else { return stay("a tile needs a title (\(keymap.say(.cancelLine)) cancels)") }
      let id = document.newTileID(forTitle: text)
      // A color unlike its neighbours', where the file keeps colors without gaining a column for it.
      let color = traits.keepsColors && !gainsColorColumn ? arrangement.newTileColor(at: place) : nil
      let tile = Tile(id: id, title: text, color: color)
      overlay = nil
      return perform([.insertTiles([tile], at: [place])], verb: .added(id: id), [.tile(place)])
    case .addSection(let index):
      guard !text.trimmingSpaces.isEmpty else { return stay("a section needs a title (\(keymap.say(.cancelLine)) cancels)") }
      let id = document.newSectionID(forTitle: text)
      overlay = nil
      return perform(
        [.insertSection(Section(id: id, title: text), tiles: [], at: index)], verb: .added(id: id), [.section(index)])
    case .renameTile(let path):
      var tile = arrangement[path]
      // An empty title removes the key: the tile shows its id.
      tile.title = text.isEmpty ? nil : text
      overlay = nil
      return perform([.setTile(at: path, to: tile)], verb: .renamed, [.tile(path)])
    case .renameSection(let s):
      guard text.isEmpty || !text.trimmingSpaces.isEmpty else {
        return stay("a section's title cannot be only spaces (empty: its id)")
      }
      var section = arrangement.sections[s].fields
      section.title = text.isEmpty ? nil : text
      overlay = nil
      return perform([.setSection(at: s, to: section)], verb: .renamed, [.section(s)])
    case .recolor(let paths, _):
      let spelling = text.trimmingSpaces
      if spelling.isEmpty {
        // Nothing typed: the color stays.
        overlay = nil
        announcement = .told("Color kept")
        return []
      }
      guard let color = TileColor(spelling) else {
        return stay("“\(spelling)” is not a color (\(keymap.say(.complete)): names)")
      }
      overlay = nil
      let effects = perform(changing(paths) { $0.color = color }, verb: .recolored, paths.map(Subject.tile))
      if gainsColorColumn, !announcement.isRefusal {
        // Said once: the table's header gains the column at the next save.
        gainsColorColumn = false
        announcement = .told(announcement.text + " · the table gains a color column")
      }
      return effects
    case .width(let paths):
      guard let width = Self.number(text, in: 1...Arrangement.maximumDimension) else {
        return stay("a width is 1 to \(Arrangement.maximumDimension), or empty")
      }
      overlay = nil
      return perform(changing(paths) { $0.width = width }, verb: .resized, paths.map(Subject.tile))
    case .maxItems(let s):
      guard let limit = Self.number(text, in: 0...Int(Int32.max)) else {
        return stay("a limit is 0 or more, or empty")
      }
      overlay = nil
      var section = arrangement.sections[s].fields
      section.maxItems = limit
      return perform([.setSection(at: s, to: section)], verb: .limited(limit), [.section(s)])
    }
  }

  /// A whole number typed into a prompt: `.some(nil)` for an empty field (the key is removed),
  /// `.some(n)` for a number in `range`, nil for anything else.
  static func number(_ text: String, in range: ClosedRange<Int>) -> Int?? {
    let digits = text.trimmingSpaces
    if digits.isEmpty { return .some(nil) }
    guard let value = Int(digits), range.contains(value) else { return nil }
    return .some(value)
  }

  /// One `setTile` edit per tile at `paths`, each tile changed by `change`.
  func changing(_ paths: [ItemPath], _ change: (inout Tile) -> Void) -> [Edit] {
    paths.map { path in
      var tile = arrangement[path]
      change(&tile)
      return .setTile(at: path, to: tile)
    }
  }

  /// Tab in the color prompt: the next color name that starts with what was typed (Shift-Tab the
  /// previous), round the matches.
  mutating func completeColor(_ open: Prompt, _ paths: [ItemPath], _ completion: Prompt.Completion?, forward: Bool)
    -> [EditorEffect]
  {
    var open = open
    let prefix = completion?.prefix ?? open.field.text
    let matches = TileColor.names.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    guard !matches.isEmpty else {
      overlay = .prompt(open)
      announcement = .badValue("no color name starts with “\(prefix)”")
      return []
    }
    let index: Int
    if let completion {
      index = (completion.index + (forward ? 1 : matches.count - 1)) % matches.count
    } else {
      index = forward ? 0 : matches.count - 1
    }
    open.field = LineEditor(matches[index])
    open.purpose = .edit(.recolor(paths, completion: Prompt.Completion(prefix: prefix, index: index)))
    overlay = .prompt(open)
    announcement = .completed(title: matches[index], index: index + 1, of: matches.count)
    return []
  }

  /// While the color prompt is open: the color typed so far for a tile it recolors, when it is one.
  /// - Complexity: O(log k) for k tiles being recolored.
  public func previewColor(at path: ItemPath) -> TileColor? {
    guard case .prompt(let open) = overlay, case .edit(.recolor(let paths, _)) = open.purpose else { return nil }
    var low = 0
    var high = paths.count
    while low < high {
      let mid = (low + high) / 2
      if paths[mid] < path { low = mid + 1 } else { high = mid }
    }
    guard low < paths.count, paths[low] == path else { return nil }
    return TileColor(open.field.text.trimmingSpaces)
  }

  // MARK: Carrying out

  /// Makes `edits` one undo step: on a refusal nothing changes and the status line says why; else the
  /// find and the marks follow, each subject's happening is reported, the focus goes to what changed,
  /// and the status line names it (a deleted one as it was, the others as they are now).
  mutating func perform(_ edits: [Edit], verb: EditCommand.Outcome, _ subjects: [Subject]) -> [EditorEffect] {
    let before = verb == .deleted ? subjects.first.flatMap(place(of:)) : nil
    // What the file's format could not keep is refused now, not dropped at save.
    for (index, edit) in edits.enumerated() {
      if let reason = traits.refusal(of: edit, in: arrangement) {
        let subject = index < subjects.count ? subjects[index] : subjects.first ?? .section(0)
        return report(.refused(verb, subject, .formatCannotKeep(reason)))
      }
    }
    do {
      try document.perform(edits)
    } catch {
      let subject = error.index < subjects.count ? subjects[error.index] : subjects.first ?? .section(0)
      return report(.refused(verb, subject, error.error))
    }
    followChanges()
    var effects = subjects.map { EditorEffect.happened(.edited(verb, $0)) }
    if let last = edits.last, let target = focusTarget(after: last) {
      effects += engineEffects(.focus(target))
    } else {
      effects += engineEffects(.tick)
    }
    if subjects.count > 1 {
      announcement = .editedTiles(verb, count: subjects.count)
    } else if verb == .deleted, case .tile(let gone)? = before {
      // The deleted tile by name, then what has the focus now, as the header counts it.
      announcement = .told("Deleted \(gone.title) — " + (nowFocused() ?? "nothing left"))
    } else if let place = before ?? subjects.first.flatMap(place(of:)) {
      announcement = .did(.edited(verb), place)
    }
    return effects
  }

  /// What has the focus, as the status line names it: `Write report, Tiles 2 of 4`.
  func nowFocused() -> String? {
    switch reorder.focus {
    case .tile(let path):
      guard case .tile(let p)? = place(of: .tile(path)) else { return nil }
      return "\(p.title), \(p.sectionTitle) \(p.position) of \(p.count)"
    case .header(let s):
      guard case .section(let p)? = place(of: .section(s)) else { return nil }
      return "section \(p.title)"
    case .none:
      return nil
    }
  }
}
