// NB: iOS shows the keyboard's own edits only from the next turn: within a turn it reads `ownView`.
extension KeyboardSession {
  public var visibleBefore: String { ownView?.before ?? document.textBeforeCursor }
  public var visibleAfter: String { ownView?.after ?? document.textAfterCursor }

  /// A new turn of the run loop: a field changed since the last insertion makes it no longer undoable.
  package func beginTurn() {
    document.nextTurn()
    ownView = nil
    guard var current = span else { return }
    if current.observe(before: document.textBeforeCursor, after: document.textAfterCursor) {
      span = current
    } else {
      span = nil
      apply(.userTyped)
    }
  }

  func write(_ edit: TypingEdit) {
    var view = ownView ?? (document.textBeforeCursor, document.textAfterCursor)
    switch edit {
    case .insert(let text):
      document.insert(text)
      view.before += text
    case .deleteBackward(let count):
      document.deleteBackward(count: count)
      view.before = String(view.before.dropLast(count))
    case .moveCursor(let offset):
      document.moveCursor(by: offset)
      if offset < 0, -offset <= view.before.count {
        view = (String(view.before.dropLast(-offset)), String(view.before.suffix(-offset)) + view.after)
      } else if offset > 0, offset <= view.after.count {
        view = (view.before + view.after.prefix(offset), String(view.after.dropFirst(offset)))
      } else {
        view = ("", "")  // NB: past what the keyboard could see: it knows nothing until the next turn.
      }
    case .nextKeyboard:
      return
    }
    ownView = view
  }

  func insertDictation(_ text: String) {
    reportCorrections()
    let before = visibleBefore
    let after = visibleAfter
    write(.insert(text))
    // NB: a rewrite of the user's selection is no reading of speech: editing it teaches nothing.
    let rewrite = if case .inserted(let dictation) = model.phase { dictation.replaced != nil } else { false }
    watch = rewrite ? nil : InsertionWatch(inserted: text, before: before, after: after)
    span = InsertedSpan(text: text, before: before, after: after)
    insertionCount += 1
    fieldChanged()
  }

  /// Replaces the inserted text with `new` ("use raw text"; empty: undo), only while it is surely still there.
  func replaceDictation(_ old: String, with new: String) {
    guard let span, span.text == old, span.isAtCursor(before: visibleBefore, after: visibleAfter) else {
      let action = new.isEmpty ? "undo" : "use the raw text"
      logger.notice("did not \(action): the field changed since the dictation was inserted")
      return apply(.userTyped)
    }
    write(.deleteBackward(old.count))
    if !new.isEmpty { write(.insert(new)) }
    self.span = new.isEmpty ? nil : span.replacing(with: new)
    watch = watch?.replacing(with: new)
    fieldChanged()
  }
}
