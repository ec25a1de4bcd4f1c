import AudioInput
import Foundation
import HTTPTransport
import SpeechEngine

/// Mistral's Voxtral transcription: `POST {base}/audio/transcriptions` (base `https://api.mistral.ai/v1`)
/// with a bearer key and a multipart form of `file`, `model`, `language`, and the vocabulary as repeated
/// `context_bias` fields (one term each, spaces as underscores).
///
/// Mistral does not accept `timestamp_granularities` together with `language`, so segment timing is asked
/// for only when the language is left to detection.
public struct MistralTranscriptionEngine: SpeechEngine {
  /// Each second sent is billed: stretches are packed into long calls, none read twice.
  public var windowing: VoicedTranscription.Windowing { .filled }
  public let id: String
  public let displayName: String
  public let model: String
  public let baseURL: URL
  private let apiKey: String
  private let http: any HTTPClient
  public var requestTimeout: TimeInterval
  public var maxUploadSeconds: Double

  public init(
    id: String = "mistral", displayName: String = "Mistral", baseURL: URL, apiKey: String, model: String,
    http: any HTTPClient, requestTimeout: TimeInterval = 120, maxUploadSeconds: Double = 600
  ) {
    self.id = id
    self.displayName = displayName
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.model = model
    self.http = http
    self.requestTimeout = requestTimeout
    self.maxUploadSeconds = maxUploadSeconds
  }

  /// `term` as Mistral wants a context-bias item: no spaces or commas.
  static func contextBiasItem(_ term: String) -> String? {
    let item = term.trimmingCharacters(in: .whitespacesAndNewlines)
      .split(whereSeparator: { $0.isWhitespace || $0 == "," }).joined(separator: "_")
    return item.isEmpty ? nil : item
  }

  public func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    try await AudioPieces.transcribe(
      samples, maxSeconds: maxUploadSeconds, engine: self, language: options.language
    ) { try await transcribePiece($0, options: options) }
  }

  private func transcribePiece(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    var form = MultipartFormData()
    form.append(
      "file", filename: "audio.wav", contentType: "audio/wav",
      data: WAVEncoding.file(samples, sampleRate: engineSampleRate))
    form.append("model", model)
    if let language = options.language, !language.isEmpty {
      form.append("language", language)
    } else {
      form.append("timestamp_granularities", "segment")
    }
    for term in options.vocabulary.prefix(100) {
      if let item = Self.contextBiasItem(term) { form.append("context_bias", item) }
    }
    let request = HTTPRequest(
      method: .post, url: baseURL.joining("audio/transcriptions"),
      headers: ["Authorization": "Bearer \(apiKey)", "Content-Type": form.contentType, "Accept": "application/json"],
      body: form.body, timeout: requestTimeout)
    let response = try await CloudCall.exchange(http, request, provider: displayName, secrets: [apiKey])
    guard let answer = try? response.decode(TranscriptionAnswer.self), answer.text != nil else {
      throw SpeechEngineError("\(displayName) sent an answer Utter cannot read: expected a transcription object")
    }
    return answer.transcript(
      engine: id, model: model, duration: Double(samples.count) / Double(engineSampleRate),
      requestedLanguage: options.language)
  }
}
