import DictationHost

/// The small sound and tap that tell the user a dictation started, ended or failed, as the user allows them.
public struct CueFeedback: Sendable, Hashable {
  /// A tap the phone plays (`UIImpactFeedbackGenerator`, `UINotificationFeedbackGenerator`).
  public enum Tap: Sendable, Hashable { case mediumImpact, lightImpact, success, error }

  public var haptics: Bool
  public var sounds: Bool

  public init(haptics: Bool, sounds: Bool) {
    self.haptics = haptics
    self.sounds = sounds
  }

  /// System sound 1113, the begin-recording tone, and 1114, the end tone. NB: they play through the playAndRecord
  /// session without going into the recording (they finish before capture starts).
  public static let beginTone: UInt32 = 1113
  public static let endTone: UInt32 = 1114

  /// What `cue` plays: a tap and a system sound, each only if allowed.
  public func play(_ cue: SessionCue) -> (tap: Tap?, sound: UInt32?) {
    let (tap, sound): (Tap, UInt32?) =
      switch cue {
      case .started: (.mediumImpact, Self.beginTone)
      case .stopped: (.lightImpact, Self.endTone)
      case .delivered: (.success, nil)
      case .failed: (.error, nil)
      }
    return (haptics ? tap : nil, sounds ? sound : nil)
  }
}
