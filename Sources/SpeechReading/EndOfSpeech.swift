/// When a dictation ends by itself: once the user has said something and then stayed below speech level for
/// `silence` seconds. A shorter pause (a breath, a moment's thought in the middle of a sentence) never ends it, and
/// neither does a recording with no speech yet (the user is still thinking of what to say). Off: only ✓, the length
/// cap, a call or the keyboard leaving end a dictation.
public struct EndOfSpeech: Sendable, Hashable {
  /// Seconds below speech level after the last word; nil: a dictation never ends by itself.
  public var silence: Double?
  /// Speech that must come first, so a cough or a tap on the phone does not arm it.
  public var minimumSpeech: Double

  public init(silence: Double?, minimumSpeech: Double = 0.4) {
    self.silence = silence.flatMap { $0 > 0 ? $0 : nil }
    self.minimumSpeech = minimumSpeech
  }

  /// Never ends by itself.
  public static let off = EndOfSpeech(silence: nil)

  /// The setting's choices, in seconds of silence; 0 is off.
  public static let choices: [Double] = [0, 1.5, 2, 3, 5]

  /// How the setting names it: `off`, `2 s`.
  public static func label(_ seconds: Double) -> String {
    seconds > 0 ? "\(seconds.formatted()) s" : "off"
  }

  /// Whether a recording whose speech so far is `timing` has ended.
  public func hasEnded(_ timing: SpeechTiming) -> Bool {
    guard let silence, timing.speech >= minimumSpeech else { return false }
    return timing.silence >= silence
  }
}

/// How much of a recording was speech, and how long it has been quiet since the last of it (seconds).
public struct SpeechTiming: Sendable, Hashable {
  public var speech: Double
  public var silence: Double

  public init(speech: Double, silence: Double) {
    self.speech = speech
    self.silence = silence
  }
}

extension Double {
  /// `2`, `1.5`: a setting's number without a trailing `.0`.
  fileprivate func formatted() -> String {
    self == rounded() ? String(Int(self)) : String(self)
  }
}
