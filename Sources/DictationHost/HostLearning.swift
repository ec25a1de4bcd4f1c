import SpeechEngine

/// What the session learned from the keyboard's corrections (the engine's vocabulary and the learned forms, nil
/// until a correction taught a term), and the session's last dictations, by which a correction is judged.
package struct HostLearning {
  /// How many of the session's dictations are kept to judge corrections by, and the longest (longer ones are not
  /// read again: a correction of one is judged by its spelling alone).
  package static let rememberedDictations = 3
  package static let longestRememberedSeconds = 60.0

  package private(set) var vocabulary: [String]?
  package private(set) var forms: [LearnedForm]?
  /// The engine's text and audio of each remembered dictation, newest last.
  package private(set) var recent: [(raw: String, audio: [Float])] = []

  package init() {}

  /// Keeps a delivered dictation's engine text and audio for judging the corrections the user may make to it.
  package mutating func remember(raw: String, audio: [Float]) {
    guard Double(audio.count) / Double(engineSampleRate) <= Self.longestRememberedSeconds else { return }
    recent.append((raw, audio))
    if recent.count > Self.rememberedDictations { recent.removeFirst() }
  }

  /// A correction taught the store: what changed replaces what the session had.
  package mutating func learned(vocabulary: [String]?, forms: [LearnedForm]?) {
    if let vocabulary { self.vocabulary = vocabulary }
    if let forms { self.forms = forms }
  }

  /// The settings were read again: they hold what the session learned, so their vocabulary and forms count.
  package mutating func settingsRead() {
    vocabulary = nil
    forms = nil
  }

  /// `base` with what the session learned.
  package func options(from base: TranscriptionOptions) -> TranscriptionOptions {
    var options = base
    if let vocabulary { options.vocabulary = vocabulary }
    if let forms { options.learnedForms = forms }
    return options
  }
}
