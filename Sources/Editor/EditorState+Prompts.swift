import Canvas
import Document
import TerminalInput
import GridLayout
import Reorder
import TileModel

// MARK: - The editor's own keys: help, saving and quitting, questions, prompts and typed moves

extension EditorState {
  mutating func editorKey(_ key: Key) -> [EditorEffect] {
    switch overlay {
    case .help:
      return helpKey(key)
    case .prompt:
      return promptKey(key)
    case .question(let asked):
      return answer(asked, key)
    case .text(let panel):
      return panelKey(key, panel)
    case .conflicts(let panel):
      guard !isDragging else { return [] }
      return conflictsKey(key, panel)
    case nil:
      break
    }
    guard let command = keymap.command(for: key, in: boardContexts) else { return [] }
    return perform(command)
  }

  /// Does a command of the board, or of what is lifted: from its key, or from the palette.
  mutating func perform(_ command: Command) -> [EditorEffect] {
    switch command {
    case .edit(let edit):
      // Editing waits for a drag to end, as saving does.
      guard !isDragging else {
        announcement = .finishDragFirst
        return []
      }
      return begin(edit)
    case .editor(let command):
      return perform(command)
    }
  }

  /// Does one of the editor's own commands of the board or of what is lifted. The gesture recognizer's
  /// (`EditorCommand.reorderKey`) go to it; the other contexts' commands are their panels' and
  /// prompts' (`helpKey`, `promptKey`, …).
  mutating func perform(_ command: EditorCommand) -> [EditorEffect] {
    if command.reorderKey != nil {
      guard let reorderKey = command.reorderKey(dragging: isDragging) else { return [] }
      return engineEffects(.key(reorderKey))
    }
    switch command {
    case .help:
      overlay = .help
      helpOffset = 0
      return []
    case .openCard:
      // Enter on a card of lanes opens its whole text; elsewhere it lifts, as Space. While something
      // is lifted it waits, as the board's other commands do: a keys file that took Enter from `drop`
      // leaves it dropping nothing.
      guard !isDragging else { return [] }
      if document.layout.isLanes, let path = reorder.focus.tile, arrangement.contains(path) { return openCard(path) }
      return engineEffects(.key(.liftOrDrop))
    case .palette:
      overlay = .prompt(Prompt(purpose: .palette(chosen: 0), field: LineEditor()))
      return []
    case .firstTile, .lastTile:
      // The first or the last tile, as in vim, taskell and lazygit.
      guard !isDragging else { return [] }
      let sections = arrangement.sections
      let first = command == .firstTile
      // In lanes, the first or the last card of the focused card's lane (taskell's g and G).
      if document.layout.isLanes, let lane = reorder.focus.section, lane < sections.count, sections[lane].count > 0 {
        return engineEffects(.focus(.tile(ItemPath(lane, first ? 0 : sections[lane].count - 1))))
      }
      let s = first
        ? sections.indices.first { sections[$0].count > 0 } : sections.indices.last { sections[$0].count > 0 }
      guard let s else { return report(.gesture(.blocked(.noTileThatWay))) }
      return engineEffects(.focus(.tile(ItemPath(s, first ? 0 : sections[s].count - 1))))
    case .autosave:
      return toggleAutosave()
    case .changes:
      guard !isDragging else { return [] }
      return showChanges()
    case .conflicts:
      guard !isDragging else { return [] }
      return showConflicts()
    case .undo, .redo:
      guard !isDragging else { return [] }  // other keys wait for the drag to end
      return command == .undo ? undo() : redo()
    case .find:
      guard !isDragging else { return [] }
      finding.prepare(document.arrangement, markdown: cardStyle.markdown)
      // From a focused header, the search starts at its section and Esc goes back to the header.
      overlay = .prompt(Prompt(purpose: .find(origin: reorder.focus), field: LineEditor()))
      return []
    case .moveTo:
      guard !isDragging else { return [] }
      let marked = reorder.marks.count
      guard marked > 0 || reorder.focus.tile != nil else {
        announcement = .nothingToLift
        return []
      }
      overlay = .prompt(Prompt(purpose: .moveTo(completion: nil), field: LineEditor()))
      announcement = .typeDestination(what: marked > 0 ? "the \(marked) marked tile\(marked == 1 ? "" : "s")" : "the tile")
      return []
    case .findNext, .findPrevious:
      guard !isDragging, find != nil else { return [] }
      return findNext(forward: command == .findNext)
    case .save:
      guard !isDragging else {
        announcement = .finishDragFirst
        return []
      }
      return save(thenQuit: false)
    case .quit:
      return askToQuit()
    case .suspend:
      // The drag cannot go on while the program is stopped: it is cancelled, as on a focus loss.
      return engineEffects(.focusLost) + [.suspend]
    case .redraw:
      return [.redraw]
    // The recognizer's, above.
    case .focusLeft, .focusRight, .focusUp, .focusDown, .nextHeader, .previousHeader, .pageUp, .pageDown, .toStart,
      .toEnd, .lift, .unmark, .mark, .markLeft, .markRight, .markUp, .markDown, .carryLeft, .carryRight, .carryUp,
      .carryDown, .drop, .cancel:
      return []
    // The other contexts': the help's and the panels' (`helpKey`, `panelKey`, `conflictsKey`), a
    // prompt's and the palette's (`promptKey`), a question's (`answer`).
    case .scrollUp, .scrollDown, .scrollPageUp, .scrollPageDown, .scrollTop, .scrollBottom, .closePanel, .editCard,
      .choosePrevious, .chooseNext, .chooseFirst, .chooseLast, .takeOurs, .takeTheirs, .takeBoth, .closeConflicts,
      .submit, .cancelLine, .complete, .completeBack, .cursorLeft, .cursorRight, .lineStart, .lineEnd, .deleteBack,
      .deleteForward, .deleteToStart, .deleteToEnd, .deleteWord, .paletteNext, .palettePrevious, .confirm,
      .saveAndQuit, .overwrite, .saveAs, .restore, .discard, .keep:
      return []
    }
  }

  /// The help overlay's layout on this screen, with the keys in effect.
  var helpLayout: KeyHelp.Layout? { KeyHelp.layout(on: screen, keymap: keymap) }

  /// A key while the help is shown. Where it does not all fit, its scrolling commands (↑/↓ and
  /// `k`/`j`, the pages and Space, Home and End and `g`/`G`) scroll it; any other key closes it,
  /// without acting on it.
  mutating func helpKey(_ key: Key) -> [EditorEffect] {
    guard let layout = helpLayout, layout.shown < layout.rows else {
      overlay = nil
      return []
    }
    var offset = min(helpOffset, layout.lastOffset)
    switch keymap.command(for: key, in: .help) {
    case .editor(.scrollUp)?: offset -= 1
    case .editor(.scrollDown)?: offset += 1
    case .editor(.scrollPageUp)?: offset -= layout.page
    case .editor(.scrollPageDown)?: offset += layout.page
    case .editor(.scrollTop)?: offset = 0
    case .editor(.scrollBottom)?: offset = layout.lastOffset
    default:
      overlay = nil
      return []
    }
    helpOffset = min(max(0, offset), layout.lastOffset)
    return []
  }

  /// Saves where `saveTarget` says, asking for a file name first when there is none.
  mutating func save(thenQuit: Bool) -> [EditorEffect] {
    if saveTarget == .askForPath {
      overlay = .prompt(Prompt(purpose: .saveAs(thenQuit: thenQuit), field: LineEditor()))
      announcement = .typeFileName
      return []
    }
    return requestSave(to: nil, force: recreatesDeletedFile, thenQuit: thenQuit)
  }

  mutating func requestSave(to path: String?, force: Bool, thenQuit: Bool) -> [EditorEffect] {
    pendingSave = (path, thenQuit)
    autosaveDue = nil
    // An autosave keeps the status line: the title bar says `saving…`.
    if !autosaving { announcement = .saving }
    return [.save(to: path, force: force)]
  }

  /// A key while the screen is too small for the grid (`isTooSmall`): it acts on nothing hidden. A
  /// question, or the save-as prompt, takes it (both are drawn on that screen); otherwise quit (`q`,
  /// Ctrl-C: asking first about unsaved changes), save (`s`), suspend (Ctrl-Z) and redraw (Ctrl-L) do,
  /// and every other key does nothing. A prompt or the help left open waits for a larger screen.
  mutating func tooSmallKey(_ key: Key) -> [EditorEffect] {
    switch overlay {
    case .question?: return editorKey(key)
    case .prompt(let open)? where open.purpose.isSaveAs: return editorKey(key)
    case .prompt?, .help?, .text?, .conflicts?, nil: break
    }
    switch keymap.command(for: key, in: .board) {
    case .editor(.quit)?:
      dismiss()
      return askToQuit()
    case .editor(.save)?:
      dismiss()
      return save(thenQuit: false)
    case .editor(.suspend)?: return [.suspend]
    case .editor(.redraw)?: return [.redraw]
    default: return []
    }
  }

  /// A one-key answer to the question on the status line.
  mutating func answer(_ asked: Question, _ key: Key) -> [EditorEffect] {
    overlay = nil
    // A drag that began after the question was asked must end (drop or cancel) first.
    guard !isDragging else {
      announcement = .finishDragFirst
      return []
    }
    let command = keymap.command(for: key, in: .question)
    if case .deleteTiles = asked { return answerDelete(asked, command) }
    if case .deleteSection = asked { return answerDelete(asked, command) }
    if case .leftBehind(let found) = asked { return answerLeftBehind(found, command) }
    switch (asked, command) {
    case (.quitWithUnsavedChanges, .editor(.confirm)?):
      return [.quit]
    case (.quitWithUnsavedChanges, .editor(.saveAndQuit)?):
      return save(thenQuit: true)
    case (.fileReadOnly, .editor(.overwrite)?), (.fileExists, .editor(.overwrite)?), (.diskUnreadable, .editor(.overwrite)?):
      let retry = pendingSave ?? (nil, false)
      return requestSave(to: retry.to, force: true, thenQuit: retry.thenQuit)
    case (.fileReadOnly, .editor(.saveAs)?), (.fileExists, .editor(.saveAs)?), (.diskUnreadable, .editor(.saveAs)?):
      // The name typed last (or the file's own) is in the field, to change rather than to type anew.
      let name = pendingSave?.to ?? (saveTarget == .file ? fileName : nil) ?? ""
      overlay = .prompt(Prompt(purpose: .saveAs(thenQuit: pendingSave?.thenQuit ?? false), field: LineEditor(name)))
      announcement = .typeFileName
      return []
    default:
      dismissed(asked)
      return []
    }
  }

  /// A key typed into the prompt: its command in a prompt (Tab completes where the prompt completes),
  /// or the text typed. Only the prompt's purpose is looked at first: a copy of the prompt kept while
  /// the field is edited would make the edit copy the field.
  mutating func promptKey(_ key: Key) -> [EditorEffect] {
    guard let purpose = prompt?.purpose else { return [] }
    if case .palette(let chosen) = purpose, let open = prompt { return paletteKey(key, open, chosen: chosen) }
    let keymap = self.keymap
    let command = keymap.command(for: key, in: .prompt)
    if command == .editor(.complete) || command == .editor(.completeBack), let open = prompt {
      let forward = command == .editor(.complete)
      if case .moveTo(let completion) = open.purpose {
        return complete(open, completion, forward: forward)
      }
      if case .edit(.recolor(let paths, let completion)) = open.purpose {
        return completeColor(open, paths, completion, forward: forward)
      }
    }
    guard let (outcome, open) = editPromptField({ $0.handle(key, keymap: keymap) }) else { return [] }
    return promptChanged(outcome, open)
  }

  /// Text pasted (bracketed paste) into the open prompt: typed at the cursor, in one go (on a screen
  /// too small for the grid, only into the save-as prompt, the one shown there).
  mutating func pasted(_ text: String) -> [EditorEffect] {
    guard let purpose = prompt?.purpose, !isTooSmall || purpose.isSaveAs,
      let (outcome, open) = editPromptField({ $0.insert(text) })
    else { return [] }
    return promptChanged(outcome, open)
  }

  /// Edits the open prompt's field in place and returns what `edit` said and the prompt as it is now
  /// (also in `overlay`). The prompt is taken out of `overlay` for the edit, so that its field is not
  /// copied for every key: typing into a field of n characters stays O(1) a key, not O(n).
  mutating func editPromptField(
    _ edit: (inout LineEditor) -> LineEditor.Outcome
  ) -> (LineEditor.Outcome, Prompt)? {
    guard var open = takePrompt() else { return nil }
    let outcome = edit(&open.field)
    overlay = .prompt(open)
    return (outcome, open)
  }

  /// The open prompt, taken out of `overlay` (left nil).
  private mutating func takePrompt() -> Prompt? {
    guard case .prompt(let open) = overlay else { return nil }
    overlay = nil
    return open
  }

  /// What the prompt's field did (`outcome`), the field as it is now in `open`.
  mutating func promptChanged(_ outcome: LineEditor.Outcome, _ open: Prompt) -> [EditorEffect] {
    var open = open
    if case .find(let origin) = open.purpose {
      return findKey(outcome, open, origin: origin)
    }
    if case .palette = open.purpose { return paletteChanged(outcome, open) }
    switch outcome {
    case .edited, .ignored:
      // Typing starts a new completion from what is typed.
      if case .moveTo = open.purpose { open.purpose = .moveTo(completion: nil) }
      if case .edit(.recolor(let paths, _)) = open.purpose { open.purpose = .edit(.recolor(paths, completion: nil)) }
      overlay = .prompt(open)
      return []
    case .cancelled:
      dismiss()
      return []
    case .submitted:
      switch open.purpose {
      case .find, .palette:
        return []
      case .moveTo:
        switch TypedDestination.parse(open.field.text, in: arrangement) {
        case .failure(let problem):
          overlay = .prompt(open)
          announcement = .badDestination(problem)
          return []
        case .success(let destination):
          overlay = nil
          let place: ItemPath
          switch destination {
          case .place(let s, let i): place = ItemPath(s, i)
          case .end(let s): place = ItemPath(s, arrangement.sections[s].count)
          }
          return engineEffects(.moveTyped(to: place))
        }
      case .edit(let kind):
        return submitEdit(kind, open)
      case .saveAs(let thenQuit):
        let path = open.field.text
        guard !path.isEmpty else {
          overlay = .prompt(open)
          return []
        }
        overlay = nil
        return requestSave(to: path, force: false, thenQuit: thenQuit)
      }
    }
  }

  /// Closes the help, the prompt or the question without doing anything.
  mutating func dismiss() {
    let shown = overlay
    overlay = nil
    switch shown {
    case .prompt(let open):
      switch open.purpose {
      case .find(let origin):
        finding.find = nil
        _ = engineEffects(.focus(origin))
        announcement = .told("Cancelled")
      case .moveTo, .edit:
        announcement = .told("Cancelled")
      case .saveAs:
        pendingSave = nil
        announcement = .notSaved(.cancelled)
      case .palette:
        break
      }
    case .question(let asked):
      dismissed(asked)
    case .help, .text, .conflicts, nil:
      break
    }
  }

  mutating func dismissed(_ question: Question) {
    switch question {
    case .quitWithUnsavedChanges: announcement = .notQuitting
    case .deleteTiles, .deleteSection: announcement = .kept
    case .fileReadOnly, .fileExists, .diskUnreadable:
      pendingSave = nil
      announcement = .notSaved(.cancelled)
    case .leftBehind(let found):
      announcement = .keptLeftBehind(name: found.name)
      askAboutLeftBehind()
    }
  }

  /// `q`, Ctrl-C and SIGINT: quit, asking first when there are unsaved changes.
  mutating func askToQuit() -> [EditorEffect] {
    guard !isDragging else {
      announcement = .finishDragFirst
      return []
    }
    if isDirty {
      overlay = .question(.quitWithUnsavedChanges)
      announcement = .confirmQuit
      return []
    }
    return [.quit]
  }

  /// Tab in the `m` prompt: the next section whose title starts with what was typed (Shift-Tab the
  /// previous), the field showing its title; again and again, round the matches.
  mutating func complete(_ open: Prompt, _ completion: Prompt.Completion?, forward: Bool) -> [EditorEffect] {
    var open = open
    let prefix = completion?.prefix ?? open.field.text
    let matches = TypedDestination.completions(of: prefix, in: arrangement)
    guard !matches.isEmpty else {
      announcement = .badDestination(.noSuchSection(prefix))
      overlay = .prompt(open)
      return []
    }
    let index: Int
    if let completion {
      index = (completion.index + (forward ? 1 : matches.count - 1)) % matches.count
    } else {
      index = forward ? 0 : matches.count - 1
    }
    let section = arrangement.sections[matches[index]]
    // An id names the section exactly; a title may be shared or look like a place.
    open.field = LineEditor(section.id)
    open.purpose = .moveTo(completion: Prompt.Completion(prefix: prefix, index: index))
    overlay = .prompt(open)
    announcement = .completed(title: section.displayTitle, index: index + 1, of: matches.count)
    return []
  }
}
