/// What the user does on the keyboard, as the session takes it: the extension's view model and `utter keyboard` send
/// the same taps.
public enum KeyboardTap: Sendable, Hashable {
  case appear, disappear
  /// The mic key, in a field of this keyboard and content type.
  case start(keyboardType: String?, contentType: String?)
  case stop, cancel, undo, useRaw, endSession, dismissError
  /// One of our typing keys.
  case type(String)
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
    case .type(let text): type(text)
    }
  }
}
