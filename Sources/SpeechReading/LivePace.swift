import SpeechEngine

/// The pace of a dictation's live text: when the first draft of new speech is read, how often the next, and how much
/// of the speech not yet confirmed one draft reads. Its clock is the recording's audio (seconds of samples), so it
/// decides the same however fast the machine reads.
public struct LivePace: Sendable, Hashable {
  /// What the phone's state asks of the live text.
  public enum Power: String, Sendable, Hashable, CaseIterable {
    case normal
    /// Low Power Mode: drafts half as often (the first still comes at once; it tells the user it works).
    case lowPower = "low-power"
    /// Thermal state serious or critical: no drafts; only the windows that settle are read, as the final text needs.
    case hot

    /// The pace for the phone's state: `thermalState` is iOS's `ProcessInfo.ThermalState` raw value (0 nominal, 1
    /// fair, 2 serious, 3 critical); serious or worse is hot, in Low Power Mode or not.
    public init(lowPowerMode: Bool, thermalState: Int) {
      self = thermalState >= 2 ? .hot : lowPowerMode ? .lowPower : .normal
    }

    /// What it does to the live text, for a log or a screen.
    public var effect: String {
      switch self {
      case .normal: "drafts at the set interval"
      case .lowPower: "drafts half as often"
      case .hot: "no drafts, only speech that settled"
      }
    }
  }

  /// Seconds of new audio between two drafts, at normal power.
  public var interval: Double
  /// Seconds of speech not yet confirmed before its first draft.
  public var firstDraftAfter = 0.4
  /// Past this many seconds of unread speech, a draft reads only up to a quiet moment between words and its words are
  /// kept: later drafts read on from there, so no draft reads a growing stretch again.
  public var longestDraft = 6.0
  /// Speech a kept part holds at least, in seconds.
  public var shortestKept = 3.0
  public var power = Power.normal

  public init(interval: Double, power: Power = .normal) {
    self.interval = interval
    self.power = power
  }

  /// Seconds of new audio between two drafts in the current power state; nil: no drafts.
  public var draftInterval: Double? {
    switch power {
    case .normal: interval
    case .lowPower: interval * 2
    case .hot: nil
    }
  }

  /// Whether a draft is due: `heard` seconds of speech not yet confirmed, `sinceLast` seconds of audio since the last
  /// draft of it (nil: none yet).
  public func draftDue(heard: Double, sinceLast: Double?) -> Bool {
    guard let draftInterval, heard >= firstDraftAfter else { return false }
    guard let sinceLast else { return true }
    return sinceLast >= draftInterval
  }

  /// Where the interval to the next draft counts from, when one is asked at `now` (samples) and the last counted from
  /// `last`: the interval's beat, so a draft held back (a call in flight, or until a word is being said) does not push
  /// the next ones back, though never less than three quarters of an interval comes between two.
  public func beat(after last: Int?, now: Int) -> Int {
    guard let last, let draftInterval else { return now }
    let step = Int(draftInterval * Double(engineSampleRate))
    return min(now, max(last + step, now - step / 4))
  }

  /// Whether the audio ends in voice: its last 30 ms at most 20 dB under the loudest 30 ms of the second before. A
  /// draft is asked only then: one asked in the quiet after a word gave way to the reading of the speech that settled
  /// (a stopped call still ends its encoder pass), a seventh of the drafts' processor time for nothing.
  public func endsInVoice(_ samples: [Float]) -> Bool {
    let frame = engineSampleRate * 3 / 100
    guard samples.count >= frame else { return false }
    func level(_ start: Int) -> Float {
      var energy: Float = 0
      for sample in samples[start..<start + frame] { energy += sample * sample }
      return energy / Float(frame)
    }
    let last = level(samples.count - frame)
    var loudest = last
    for start in stride(from: max(0, samples.count - engineSampleRate), to: samples.count - frame, by: frame) {
      loudest = max(loudest, level(start))
    }
    return last > 0 && last * 100 >= loudest
  }

  /// Where a draft of `samples[from...]` should end so that its words can be kept: a quiet moment between words at
  /// least `shortestKept` seconds in and 0.3 s before the end, when more than `longestDraft` seconds are unread. Nil:
  /// read all of it (short enough, or no quiet moment).
  public func keptEnd(of samples: [Float], from: Int) -> Int? {
    let rate = Double(engineSampleRate)
    guard Double(samples.count - from) > longestDraft * rate else { return nil }
    let frame = engineSampleRate / 25
    let lower = from + Int(shortestKept * rate)
    let upper = samples.count - Int(0.3 * rate) - frame
    guard lower < upper else { return nil }
    var quietest: (start: Int, level: Float)?
    var loudest: Float = 0
    for start in stride(from: lower, to: upper, by: frame / 2) {
      var energy: Float = 0
      for sample in samples[start..<start + frame] { energy += sample * sample }
      let level = energy / Float(frame)
      loudest = max(loudest, level)
      // NB: the latest of equally quiet moments keeps the most.
      if level <= (quietest?.level ?? .infinity) { quietest = (start, level) }
    }
    // NB: a gap between words is at least 20 dB under the words around it; a sustained vowel is not.
    guard let quietest, quietest.level * 100 <= loudest else { return nil }
    return quietest.start + frame / 2
  }
}
