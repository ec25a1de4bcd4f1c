/// What a tap on the mic key does now, which its symbol and label say: record, rewrite the selection, open Utter,
/// say that Full Access is needed, finish (✓), or nothing while Utter starts, writes or a call has the mic (busy).
public enum MicAction: String, Sendable, CaseIterable {
  case record, rewrite, openApp = "open-app", needsFullAccess = "needs-full-access", finish, busy

  /// How the key looks and what VoiceOver says: its SF Symbol, label and hint, and whether it stands out.
  public var look: (symbol: String, label: String, hint: String, prominent: Bool) {
    switch self {
    case .record: ("mic.fill", "Dictate", "", true)
    case .rewrite: ("wand.and.stars", "Rewrite selection", "Say what to do with the selected text", true)
    case .openApp:
      ("arrow.up.forward.app", "Start Utter", "Opens Utter to turn on the microphone, then come back here", true)
    case .needsFullAccess: ("lock.fill", "Dictation needs Full Access", "Says how to allow it", false)
    case .finish: ("checkmark", "Done, insert text", "", true)
    case .busy: ("ellipsis", "Utter is busy", "", false)
    }
  }
}

extension KeyboardPhase {
  /// What a tap on the mic key does in this phase: an error records unless it says the app is not there.
  public func micAction(fullAccess: Bool, hasSelection: Bool = false) -> MicAction {
    let action = micAction(fullAccess: fullAccess)
    return action == .record && hasSelection ? .rewrite : action
  }

  private func micAction(fullAccess: Bool) -> MicAction {
    switch self {
    case _ where !fullAccess, .failed(.needsFullAccess): .needsFullAccess
    case .ready, .inserted: .record
    case .listening(_, _, let note?) where note.isAppsOwn: .busy
    case .listening: .finish
    case .activating, .transcribing, .interrupted(.call), .interrupted(.muted): .busy
    case .inactive, .interrupted, .failed(.appCouldNotOpen), .failed(.appDidNotStart), .failed(.appNotRunning),
      .failed(.appStoppedDictationSaved):
      .openApp
    case .failed: .record
    }
  }
}
