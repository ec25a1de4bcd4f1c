/// What the typing keys show: the model (layout, page, shift, language) and the word before the cursor, which the
/// suggestion bar completes.
public struct TypingState: Sendable, Hashable {
  public var typing: TypingModel
  public var word: String
}

extension KeyboardSession {
  /// Calls `observer` with the typing state after every key, edit and language change.
  public func onTypingChange(_ observer: @escaping @Sendable (TypingState) -> Void) {
    typingObserver = observer
    observer(typingState)
  }

  public var typingState: TypingState {
    TypingState(typing: typing, word: Suggestions.currentWord(before: visibleBefore))
  }

  /// The user presses one of our keys.
  public func press(_ key: TypingModel.Key) {
    beginTurn()
    let edits = typing.press(key, before: visibleBefore, now: clock.now())
    // NB: edits publish the keys through `apply`; a key that edits nothing (shift, a page) publishes here.
    if edits.isEmpty { typingObserver?(typingState) } else { apply(edits) }
  }

  /// Delete held down: its `count`th repeat (from 0) deletes a character, or a word once held long.
  public func holdDelete(repeat count: Int) {
    beginTurn()
    guard let edit = TypingModel.heldDelete(repeat: count, before: visibleBefore) else { return }
    apply([edit])
  }

  /// The user taps a suggestion: it replaces the word before the cursor. A suggestion that fixes a word of the last
  /// dictation is reported to word learning like any other edit of it.
  public func acceptSuggestion(_ suggestion: String) {
    beginTurn()
    apply(Suggestions.accept(suggestion, before: visibleBefore, after: visibleAfter))
  }

  /// The space bar dragged: moves the cursor `offset` characters (negative: back).
  public func moveCursor(by offset: Int) {
    beginTurn()
    apply([.moveCursor(offset)])
  }

  /// The language picked on the keyboard (nil: follow the settings, then the field) and the field's input mode
  /// (`documentInputMode.primaryLanguage`): the layout, the next dictation and its clean-up follow the result.
  public func setLanguage(picked: String?, field: String?) {
    let language = KeyboardLanguage.resolve(picked: picked, setting: model.configuration.language, field: field)
    guard language != typing.language else { return }
    typing.setLanguage(language)
    typingObserver?(typingState)
  }

  /// The style picked on the keyboard for its next dictations (nil: the app chooses by settings and field).
  public func setStyle(_ style: String?) {
    pickedStyle = style
  }

  /// The field's autocapitalisation type and return key, as iOS reports them (`UITextInputTraits`).
  public func setFieldTraits(capitalization: TypingModel.Capitalization, returnLabel: String) {
    beginTurn()
    typing.capitalization = capitalization
    typing.returnLabel = returnLabel
    fieldChanged()
  }

  /// Applies edits of our keys (a key, a held delete, the suggestion bar) to the field.
  public func apply(_ edits: [TypingEdit]) {
    guard !edits.isEmpty else { return }
    // NB: `.nextKeyboard` edits nothing: the extension hands the field to the next keyboard.
    for edit in edits { write(edit) }
    fieldChanged()
    apply(.userTyped)
  }

  /// The field or the cursor changed: auto-capitalisation follows the text before the cursor, and the keys show it.
  public func fieldChanged() {
    typing.fieldChanged(before: visibleBefore)
    typingObserver?(typingState)
  }
}
