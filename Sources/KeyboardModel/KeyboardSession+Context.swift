/// What the keyboard sees of the field, and the edits it makes to it with what it inserted itself.
///
/// iOS shows the keyboard only the sentence or line around the cursor, and its own edits only from the next turn of
/// the run loop (`TextProxyContext`). Every entry point (a tap, a key, a channel wake-up) begins a turn; within it,
/// the keyboard reads its own edits from `ownView` rather than from the stale proxy.
extension KeyboardSession {
  /// What the keyboard can see before the cursor now.
  public var visibleBefore: String { ownView?.before ?? document.textBeforeCursor }
  /// What the keyboard can see after the cursor now.
  public var visibleAfter: String { ownView?.after ?? document.textAfterCursor }

  /// A new turn of the run loop: the proxy shows the keyboard's earlier edits. A field that changed since the last
  /// insertion (the cursor moved, the app or the user edited it) makes that insertion no longer undoable.
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

  /// Applies one edit to the field, following it in `ownView`.
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
    watch = InsertionWatch(inserted: text, before: before, after: after)
    span = InsertedSpan(text: text, before: before, after: after)
    insertionCount += 1
    lastInsertionAt = clock.now()
    fieldChanged()
  }

  /// Replaces the inserted text with `new` ("use raw text"), only while the keyboard knows it is still there.
  func replaceDictation(_ old: String, with new: String) {
    guard let span, span.text == old, span.isAtCursor(before: visibleBefore, after: visibleAfter) else {
      return refuse("use the raw text")
    }
    write(.deleteBackward(old.count))
    write(.insert(new))
    self.span = span.replacing(with: new)
    watch = watch?.replacing(with: new)
    fieldChanged()
  }

  /// Removes the inserted text (undo), only while the keyboard knows it is still there.
  func removeDictation(_ text: String) {
    guard let span, span.text == text, span.isAtCursor(before: visibleBefore, after: visibleAfter) else {
      return refuse("undo")
    }
    write(.deleteBackward(text.count))
    self.span = nil
    watch = nil
    fieldChanged()
  }

  private func refuse(_ action: String) {
    logger.notice("did not \(action): the field changed since the dictation was inserted")
    apply(.userTyped)
  }
}
