import AudioToolbox
import DictationHost
import UIKit

/// The small sounds and taps that tell the user a dictation started, ended or failed, when they allow them.
@MainActor
struct DictationFeedback {
  var haptics: Bool
  var sounds: Bool

  /// Plays what the host's state change calls for.
  func play(_ cue: SessionCue) {
    switch cue {
    case .started: started()
    case .stopped: stopped()
    case .delivered: delivered()
    case .failed: failed()
    }
  }

  /// Listening started.
  func started() {
    if haptics { UIImpactFeedbackGenerator(style: .medium).impactOccurred() }
    // NB: system sounds 1113/1114 are the begin/end recording tones; they play through the playAndRecord
    // session without going into the recording (they finish before capture starts).
    if sounds { AudioServicesPlaySystemSound(1113) }
  }

  /// Listening stopped; text is on its way.
  func stopped() {
    if haptics { UIImpactFeedbackGenerator(style: .light).impactOccurred() }
    if sounds { AudioServicesPlaySystemSound(1114) }
  }

  /// Text was delivered.
  func delivered() {
    if haptics { UINotificationFeedbackGenerator().notificationOccurred(.success) }
  }

  /// Something went wrong.
  func failed() {
    if haptics { UINotificationFeedbackGenerator().notificationOccurred(.error) }
  }
}
