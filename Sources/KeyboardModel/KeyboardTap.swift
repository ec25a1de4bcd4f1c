/// What the user does on the keyboard: the extension's view model and `utter keyboard` send the same taps.
public enum KeyboardTap: Sendable, Hashable {
  case appear, disappear
  /// The mic key: a dictation into the field as `fieldTraits` last described it.
  case start
  /// The mic key let go after `heldSeconds`: held past `KeyboardSession.holdToTalk`, it sends the dictation its press
  /// started (hold to talk); a shorter press was a tap, and the dictation goes on until ✓.
  case release(heldSeconds: Double)
  case stop, keepGoing, cancel, undo, useRaw, endSession, dismissError
  /// One of our typing keys.
  case key(TypingModel.Key)
  /// The `repeat`th repeat of a held delete.
  case holdDelete(repeat: Int)
  case suggestion(String)
  /// The space bar dragged this many characters.
  case moveCursor(Int)
  /// The language picked on the keyboard (nil: automatic) and the field's input mode.
  case language(picked: String?, field: String?)
  /// The style picked on the keyboard (nil: automatic).
  case style(String?)
  /// The field's autocapitalisation type, return key label, keyboard type (`FieldTraits` names) and content type
  /// (`UITextContentType`'s raw value): the keys follow them, and each dictation names the field's types.
  case fieldTraits(
    TypingModel.Capitalization, returnLabel: String, keyboardType: String = "default", contentType: String? = nil)
}

extension KeyboardSession {
  public func perform(_ tap: KeyboardTap) async {
    let now = clock.now()
    switch tap {
    case .appear: appear()
    case .disappear: disappear()
    case .start:
      let before = model.lastCommandSeq
      tapStart()
      pressStartedDictation = model.lastCommandSeq > before ? model.lastCommandSeq : nil
    case .release(let held):
      guard let seq = pressStartedDictation else { return }
      pressStartedDictation = nil
      if held >= Self.holdToTalk, model.lastCommandSeq == seq { tapped(.stopTapped(now: now)) }
    case .stop: tapped(.stopTapped(now: now))
    case .keepGoing: tapped(.keepGoingTapped(now: now))
    case .cancel: tapped(.cancelTapped(now: now))
    case .undo: tapped(.undoTapped)
    case .useRaw: tapped(.useRawTapped)
    case .endSession: tapped(.endSessionTapped(now: now))
    case .dismissError: tapped(.errorDismissed(now: now))
    case .key(let key): press(key)
    case .holdDelete(let count):
      beginTurn()
      if let edit = TypingModel.heldDelete(repeat: count, before: visibleBefore) { apply([edit]) }
    case .suggestion(let word):
      beginTurn()
      apply(Suggestions.accept(word, before: visibleBefore, after: visibleAfter))
    case .moveCursor(let offset):
      beginTurn()
      apply([.moveCursor(offset)])
    case .language(let picked, let field): setLanguage(picked: picked, field: field)
    case .style(let style): pickedStyle = style
    case .fieldTraits(let capitalization, let returnLabel, let keyboardType, let contentType):
      beginTurn()
      fieldContentType = contentType
      typing.setField(capitalization, returnLabel: returnLabel, keyboardType: keyboardType)
      fieldChanged()
    }
  }

  private func tapped(_ event: KeyboardEvent) {
    beginTurn()
    apply(event)
  }
}
