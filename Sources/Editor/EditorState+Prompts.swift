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
    if let command = EditCommand(key: key) {
      // Editing waits for a drag to end, as saving does.
      guard !isDragging else {
        announcement = .finishDragFirst
        return []
      }
      return begin(command)
    }
    switch key {
    case .character("?"):
      overlay = .help
      helpOffset = 0
      return []
    case .character("g"), .character("G"):
      // The first or the last tile, as in vim, taskell and lazygit.
      guard !isDragging else { return [] }
      let sections = arrangement.sections
      let s = key == .character("g")
        ? sections.indices.first { sections[$0].count > 0 } : sections.indices.last { sections[$0].count > 0 }
      guard let s else { return report(.gesture(.blocked(.noTileThatWay))) }
      return engineEffects(.focus(.tile(ItemPath(s, key == .character("g") ? 0 : sections[s].count - 1))))
    case .character("D"):
      guard !isDragging else { return [] }
      return showChanges()
    case .character("C"):
      guard !isDragging else { return [] }
      return showConflicts()
    case .character("u"), .character("U"), .control("r"):
      guard !isDragging else { return [] }  // other keys wait for the drag to end
      return key == .character("u") ? undo() : redo()
    case .character("/"):
      guard !isDragging else { return [] }
      finding.prepare(document.arrangement)
      // From a focused header, the search starts at its section and Esc goes back to the header.
      overlay = .prompt(Prompt(purpose: .find(origin: reorder.focus), field: LineEditor()))
      return []
    case .character("m"):
      guard !isDragging else { return [] }
      let marked = reorder.marks.count
      guard marked > 0 || reorder.focus.tile != nil else {
        announcement = .nothingToLift
        return []
      }
      overlay = .prompt(Prompt(purpose: .moveTo(completion: nil), field: LineEditor()))
      announcement = .typeDestination(what: marked > 0 ? "the \(marked) marked tile\(marked == 1 ? "" : "s")" : "the tile")
      return []
    case .character("n"), .character("N"):
      guard !isDragging, find != nil else { return [] }
      return findNext(forward: key == .character("n"))
    case .character("s"):
      guard !isDragging else {
        announcement = .finishDragFirst
        return []
      }
      return save(thenQuit: false)
    case .character("q"), .control("c"):
      return askToQuit()
    case .control("l"):
      return [.redraw]
    default:
      return []
    }
  }

  /// A key while the help is shown. Where it does not all fit, ↑/↓ (and `k`/`j`), the pages (and
  /// Space), Home and End (and `g`/`G`) scroll it; any other key closes it, without acting on it.
  mutating func helpKey(_ key: Key) -> [EditorEffect] {
    guard let layout = KeyHelp.layout(on: screen), layout.shown < layout.rows else {
      overlay = nil
      return []
    }
    var offset = min(helpOffset, layout.lastOffset)
    switch key {
    case .up, .character("k"): offset -= 1
    case .down, .character("j"): offset += 1
    case .pageUp: offset -= layout.page
    case .pageDown, .space: offset += layout.page
    case .home, .character("g"): offset = 0
    case .end, .character("G"): offset = layout.lastOffset
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
    announcement = .saving
    return [.save(to: path, force: force)]
  }

  /// A key while the screen is too small for the grid (`isTooSmall`): it acts on nothing hidden. A
  /// question, or the save-as prompt, takes it (both are drawn on that screen); otherwise `q` and
  /// Ctrl-C quit (asking first about unsaved changes), `s` saves, Ctrl-L repaints, and every other key
  /// does nothing (Ctrl-Z suspends from every screen: `keyPressed`). A prompt or the help left open waits for a larger screen.
  mutating func tooSmallKey(_ key: Key) -> [EditorEffect] {
    switch overlay {
    case .question?: return editorKey(key)
    case .prompt(let open)? where open.purpose.isSaveAs: return editorKey(key)
    case .prompt?, .help?, .text?, .conflicts?, nil: break
    }
    switch key {
    case .character("q"), .control("c"):
      dismiss()
      return askToQuit()
    case .character("s"):
      dismiss()
      return save(thenQuit: false)
    case .control("l"): return [.redraw]
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
    if case .deleteTiles = asked { return answerDelete(asked, key) }
    if case .deleteSection = asked { return answerDelete(asked, key) }
    if case .leftBehind(let found) = asked { return answerLeftBehind(found, key) }
    switch (asked, key) {
    case (.quitWithUnsavedChanges, .character("y")), (.quitWithUnsavedChanges, .character("Y")):
      return [.quit]
    case (.quitWithUnsavedChanges, .character("s")):
      return save(thenQuit: true)
    case (.fileChangedOnDisk, .character("m")):
      // Merge with the file as it is on disk now; saving is the person's next step.
      pendingSave = nil
      announcement = .merging
      return [.readDisk]
    case (.fileChangedOnDisk, .character("o")), (.fileReadOnly, .character("o")), (.fileExists, .character("o")):
      let retry = pendingSave ?? (nil, false)
      return requestSave(to: retry.to, force: true, thenQuit: retry.thenQuit)
    case (.fileChangedOnDisk, .character("a")), (.fileReadOnly, .character("a")), (.fileExists, .character("a")):
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

  /// A key typed into the open prompt.
  mutating func promptKey(_ key: Key) -> [EditorEffect] {
    // Only the purpose is looked at here: a copy of the prompt kept meanwhile would make the edit
    // below copy the field.
    guard let purpose = prompt?.purpose else { return [] }
    if case .moveTo(let completion) = purpose, key == .tab || key == .backtab, let open = prompt {
      return complete(open, completion, forward: key == .tab)
    }
    if case .edit(.recolor(let paths, let completion)) = purpose, key == .tab || key == .backtab, let open = prompt {
      return completeColor(open, paths, completion, forward: key == .tab)
    }
    // Ctrl-C in a prompt cancels it, as Esc does (it quits only from the grid).
    if key == .control("c") {
      dismiss()
      return []
    }
    guard let (outcome, open) = editPromptField({ $0.handle(key) }) else { return [] }
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
      case .find:
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
    case .fileChangedOnDisk, .fileReadOnly, .fileExists:
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
