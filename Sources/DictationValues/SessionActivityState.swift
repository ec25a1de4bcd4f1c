import Foundation

/// What the flow session's Live Activity shows on the lock screen and in the Dynamic Island: the app decides it, the
/// widget draws it as it is.
public struct SessionActivityState: Codable, Hashable, Sendable {
  /// What the session is doing, as the lock screen names it.
  public enum Phase: String, Codable, Hashable, Sendable, CaseIterable {
    case ready
    case listening
    case transcribing
    /// A call (or Siri) holds the microphone; it comes back by itself when it ends.
    case paused
    /// iOS stopped the microphone and starts it again only with Utter on screen.
    case openApp = "open-app"

    /// A short label for the lock screen and the Dynamic Island.
    public var label: String {
      switch self {
      case .ready: "Ready"
      case .listening: "Listening"
      case .transcribing: "Writing"
      case .paused: "Paused"
      case .openApp: "Open Utter to resume"
      }
    }

    /// The SF Symbol for the phase.
    public var symbol: String {
      switch self {
      case .ready: "mic"
      case .listening: "waveform"
      case .transcribing: "text.cursor"
      case .paused: "mic.slash"
      case .openApp: "arrow.up.forward.app"
      }
    }
  }

  public var phase: Phase
  /// Words delivered since the session started.
  public var wordsThisSession: Int
  /// When the session ends by itself unless used; nil when it lasts until the user ends it (no countdown).
  public var endsAt: Date?

  /// The words delivered, as the lock screen says them: "1 word this session", "12 words this session".
  public var wordsLabel: String {
    wordsThisSession == 1 ? "1 word this session" : "\(wordsThisSession) words this session"
  }

  public init(phase: Phase, wordsThisSession: Int, endsAt: Date?) {
    self.phase = phase
    self.wordsThisSession = wordsThisSession
    self.endsAt = endsAt
  }
}

/// The flow session's Live Activity as ActivityKit knows it: the same type in the app that starts it and the widget
/// extension that draws it, so each target adds only the `ActivityAttributes` conformance.
public struct DictationActivityAttributes: Codable, Hashable, Sendable {
  public typealias ContentState = SessionActivityState

  /// When the session started.
  public var startedAt: Date

  public init(startedAt: Date) { self.startedAt = startedAt }
}
