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

  /// How Settings offers the choice of `seconds`: "After 2 s of quiet", or "No, I tap done" for off.
  public static func choiceLabel(_ seconds: Double) -> String {
    seconds > 0 ? "After \(label(seconds)) of quiet" : "No, I tap done"
  }

  /// Whether a recording has ended that holds `speech` seconds of speech and has been quiet for `quiet` seconds
  /// since the last of it (`LiveReading.speechTiming`).
  public func hasEnded(speech: Double, quiet: Double) -> Bool {
    guard let silence, speech >= minimumSpeech else { return false }
    return quiet >= silence
  }
}

extension Double {
  /// `2`, `1.5`: a setting's number without a trailing `.0`.
  fileprivate func formatted() -> String {
    self == rounded() ? String(Int(self)) : String(self)
  }
}
