/// Options a caller may set for one transcription.
public struct TranscriptionOptions: Sendable, Hashable, Codable {
  /// ISO 639-1 code, or nil to let the engine detect it (or use the model's only language).
  public var language: String?
  /// Words and names the speaker is likely to use (the personal dictionary), handed to the engine as a hint.
  public var vocabulary: [String]
  /// Free text that precedes this audio, to keep style and spelling consistent.
  public var prompt: String?
  /// 1 means greedy decoding.
  public var beamSize: Int
  /// Threads an embedded engine may use; nil lets it choose.
  public var threads: Int?

  public init(
    language: String? = nil, vocabulary: [String] = [], prompt: String? = nil, beamSize: Int = 5, threads: Int? = nil
  ) {
    self.language = language
    self.vocabulary = vocabulary
    self.prompt = prompt
    self.beamSize = beamSize
    self.threads = threads
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
}

/// Sample rate every engine receives.
public let engineSampleRate = 16_000
