/// What the typing keys show, and the word before the cursor, which the suggestion bar completes.
public struct TypingState: Sendable, Hashable {
  public var typing: TypingModel
  public var word: String
}

extension KeyboardSession {
  public var typingState: TypingState {
    TypingState(typing: typing, word: Suggestions.currentWord(before: visibleBefore))
  }

  public func press(_ key: TypingModel.Key) {
    beginTurn()
    let edits = typing.press(key, before: visibleBefore, now: clock.now())
    // NB: edits publish the keys through `apply`; a key that edits nothing (shift, a page) publishes here.
    if edits.isEmpty { typingObserver?(typingState) } else { apply(edits) }
  }

  /// The language picked (nil: the settings, then the field's input mode): layout and dictation follow it.
  public func setLanguage(picked: String?, field: String?) {
    let language = KeyboardLanguage.resolve(
      picked: picked, setting: model.configuration.settings.language, field: field)
    guard language != typing.language else { return }
    typing.language = language
    typingObserver?(typingState)
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
