import ActivityKit
import Foundation

/// The Live Activity shown while a flow session keeps the microphone ready (lock screen and Dynamic Island).
struct DictationActivityAttributes: ActivityAttributes {
  /// What the activity shows; updated by the app as the session moves.
  struct ContentState: Codable, Hashable {
    /// What the session is doing now.
    var phase: Phase
    /// Words delivered since the session started.
    var wordsThisSession: Int
    /// When the session ends by itself unless used; nil when it lasts until the user ends it (no countdown).
    var endsAt: Date?
  }

  /// The session's visible phases.
  enum Phase: String, Codable, Hashable {
    case ready
    case listening
    case transcribing
    /// A call (or the background) holds the microphone.
    case paused

    /// A short label for the lock screen and the Dynamic Island.
    var label: String {
      switch self {
      case .ready: "Ready"
      case .listening: "Listening"
      case .transcribing: "Writing"
      case .paused: "Paused"
      }
    }

    /// The SF Symbol for the phase.
    var symbol: String {
      switch self {
      case .ready: "mic"
      case .listening: "waveform"
      case .transcribing: "text.cursor"
      case .paused: "mic.slash"
      }
    }
  }

  /// When the session started.
  var startedAt: Date
}
