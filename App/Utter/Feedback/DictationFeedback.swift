import AudioToolbox
import DictationHost
import PhoneSession
import UIKit

/// Plays what `CueFeedback` decides for a host's state change.
@MainActor
enum DictationFeedback {
  static func play(_ cue: SessionCue, as feedback: CueFeedback) {
    let (tap, sound) = feedback.play(cue)
    switch tap {  // rule: PhoneSession.CueFeedback.play
    case .mediumImpact: UIImpactFeedbackGenerator(style: .medium).impactOccurred()
    case .lightImpact: UIImpactFeedbackGenerator(style: .light).impactOccurred()
    case .success: UINotificationFeedbackGenerator().notificationOccurred(.success)
    case .error: UINotificationFeedbackGenerator().notificationOccurred(.error)
    case nil: break
    }
    if let sound { AudioServicesPlaySystemSound(sound) }
  }
}
