/// Options a caller may set for one transcription.
public struct TranscriptionOptions: Sendable, Hashable, Codable {
  /// ISO 639-1 code, or nil to let the engine detect it (or use the model's only language).
  public var language: String?
  /// The languages the user speaks (the `languages` setting): with `language` nil, an engine that detects picks
  /// among these only; empty: any. Not sent over the wire.
  public var languages: [String] = []
  /// Words and names the speaker is likely to use (the personal dictionary), handed to the engine as a hint.
  public var vocabulary: [String]
  /// Free text that precedes this audio, to keep style and spelling consistent.
  public var prompt: String?
  /// 1 means greedy decoding.
  public var beamSize: Int
  /// Threads an embedded engine may use; nil lets it choose.
  public var threads: Int?
  /// A quick, rougher reading (live text while the user speaks): an embedded engine may encode only as much
  /// context as the audio holds. Never set for text that is kept.
  public var draft: Bool
  /// What the user taught by correcting the engine's words: audio where a heard form comes back is read again
  /// with its term (`VoicedTranscription`).
  public var learnedForms: [LearnedForm]
  /// Whether an engine that can should raise `vocabulary`'s tokens while it decodes (`TermBias`). Set only by
  /// `VoicedTranscription` for the reading it checks against an unbiased one; not sent over the wire.
  public var biasesDecoder = false

  public init(
    language: String? = nil, vocabulary: [String] = [], prompt: String? = nil, beamSize: Int = 5, threads: Int? = nil,
    draft: Bool = false, learnedForms: [LearnedForm] = []
  ) {
    self.learnedForms = learnedForms
    self.language = language
    self.vocabulary = vocabulary
    self.prompt = prompt
    self.beamSize = beamSize
    self.threads = threads
    self.draft = draft
  }

  /// These options for a draft reading: greedy, no dictionary pass, on one thread, and for whisper.cpp less silence
  /// after the audio.
  // NB: a draft is a few seconds of audio: spread over two threads, its small matrices spent more time handing work
  // between them than reading (30 s dictations, 3 runs: 0.34 → 0.30 processor s per audio s on one thread; first
  // words 0.41 → 0.43 s). Readings that count keep their threads: the keyboard's text must be the file's, and a
  // thread count changes whisper.cpp's sums enough to change a word (window readings on one thread: 19 of 20
  // sentences the same).
  public var drafting: TranscriptionOptions {
    var options = self
    options.beamSize = 1
    options.vocabulary = []
    options.learnedForms = []
    options.draft = true
    options.threads = 1
    return options
  }

  enum CodingKeys: String, CodingKey { case language, vocabulary, prompt, beamSize, threads, draft, learnedForms }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    language = try container.decodeIfPresent(String.self, forKey: .language)
    vocabulary = try container.decodeIfPresent([String].self, forKey: .vocabulary) ?? []
    prompt = try container.decodeIfPresent(String.self, forKey: .prompt)
    beamSize = try container.decodeIfPresent(Int.self, forKey: .beamSize) ?? 5
    threads = try container.decodeIfPresent(Int.self, forKey: .threads)
    draft = try container.decodeIfPresent(Bool.self, forKey: .draft) ?? false
    learnedForms = try container.decodeIfPresent([LearnedForm].self, forKey: .learnedForms) ?? []
  }

  /// The prompt an engine should see: vocabulary first, then the preceding text.
  public var combinedPrompt: String? {
    var parts: [String] = []
    if !vocabulary.isEmpty { parts.append(vocabulary.joined(separator: ", ") + ".") }
    if let prompt, !prompt.isEmpty { parts.append(prompt) }
    return parts.isEmpty ? nil : parts.joined(separator: " ")
  }
}

/// Turns 16 kHz mono float audio into text.
///
/// Engines receive only audio that holds voice: callers cut silence out first (see `AudioInput`).
public protocol SpeechEngine: Sendable {
  /// Stable identifier used to pick the engine, e.g. `whisper` or `openai`.
  var id: String { get }
  /// Identifier of the loaded model, e.g. `tiny.en`.
  var model: String { get }
  /// Transcribes `samples` (16 kHz, mono, -1...1).
  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript
  /// Gets ready to answer fast (loads and runs its model once), so the first dictation is as quick as the tenth.
  func warmUp() async
  /// How recordings are grouped into calls to this engine.
  var windowing: VoicedTranscription.Windowing { get }
  /// Whether it raises the vocabulary's tokens while decoding when asked (`TranscriptionOptions.biasesDecoder`).
  var canBiasTowardTerms: Bool { get }
  /// The languages its model reads (`["en"]` for an English-only model); nil: any (`DictationLanguage.resolve`).
  var readableLanguages: Set<String>? { get }
}

extension SpeechEngine {
  /// Engines with nothing to warm (cloud engines, fakes) are ready at once.
  public func warmUp() async {}

  /// On-device engines read stretch by stretch; cloud engines say otherwise.
  public var windowing: VoicedTranscription.Windowing { .stretches }

  /// Engines take the vocabulary as a prompt only, unless they say otherwise.
  public var canBiasTowardTerms: Bool { false }

  /// The languages its model's name says it reads (`SpokenLanguage.readable(byModel:)`), unless it says otherwise.
  public var readableLanguages: Set<String>? { SpokenLanguage.readable(byModel: model) }
}

/// Sample rate every engine receives.
public let engineSampleRate = 16_000
