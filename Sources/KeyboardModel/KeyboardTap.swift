/// What the user does on the keyboard, as the session takes it: the extension's view model and `utter keyboard` send
/// the same taps.
public enum KeyboardTap: Sendable, Hashable {
  case appear, disappear
  /// The mic key, in a field of this keyboard and content type.
  case start(keyboardType: String?, contentType: String?)
  case stop, cancel, undo, useRaw, endSession, dismissError
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
  /// The field's autocapitalisation type and return key label.
  case fieldTraits(TypingModel.Capitalization, returnLabel: String)
}

extension KeyboardSession {
  /// Performs `tap`.
  public func perform(_ tap: KeyboardTap) async {
    switch tap {
    case .appear: appear()
    case .disappear: disappear()
    case .start(let keyboardType, let contentType): tapStart(keyboardType: keyboardType, contentType: contentType)
    case .stop: tapStop()
    case .cancel: tapCancel()
    case .undo: tapUndo()
    case .useRaw: tapUseRaw()
    case .endSession: tapEndSession()
    case .dismissError: dismissError()
    case .key(let key): press(key)
    case .holdDelete(let count): holdDelete(repeat: count)
    case .suggestion(let word): acceptSuggestion(word)
    case .moveCursor(let offset): moveCursor(by: offset)
    case .language(let picked, let field): setLanguage(picked: picked, field: field)
    case .style(let style): setStyle(style)
    case .fieldTraits(let capitalization, let returnLabel):
      setFieldTraits(capitalization: capitalization, returnLabel: returnLabel)
    }
  }
}
