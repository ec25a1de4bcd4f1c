import AudioInput
import Foundation
import HTTPTransport
import SpeechEngine

/// OpenAI's `POST {base}/audio/transcriptions`, also spoken by Groq and OpenAI-compatible servers.
///
/// Uploads the audio as a 16 kHz 16-bit WAV in a multipart form with `model`, `language`, `prompt` (the
/// options' combined prompt), `temperature` 0 and `response_format` (`verbose_json` for Whisper models, whose
/// segments carry timing and confidence; `json` otherwise). Audio longer than `maxUploadSeconds` is sent in
/// pieces and joined.
public struct OpenAITranscriptionEngine: SpeechEngine {
  /// Each second sent is billed: stretches are packed into long calls, none read twice.
  public var windowing: VoicedTranscription.Windowing { .filled }
  public let id: String
  public let displayName: String
  public let model: String
  /// The API root including its version, e.g. `https://api.openai.com/v1`.
  public let baseURL: URL
  private let apiKey: String?
  private let http: any HTTPClient
  /// The longest one HTTP exchange may take, in seconds.
  public var requestTimeout: TimeInterval
  /// The longest audio sent in one upload (10 minutes stays under the 25 MB limit).
  public var maxUploadSeconds: Double

  public init(
    id: String, displayName: String, baseURL: URL, apiKey: String?, model: String, http: any HTTPClient,
    requestTimeout: TimeInterval = 120, maxUploadSeconds: Double = 600
  ) {
    self.id = id
    self.displayName = displayName
    self.baseURL = baseURL
    self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
    self.model = model
    self.http = http
    self.requestTimeout = requestTimeout
    self.maxUploadSeconds = maxUploadSeconds
  }

  /// Whether answers come as `verbose_json` (Whisper models) rather than `json`.
  public var usesVerboseJSON: Bool { model.lowercased().contains("whisper") }

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
    if let language = options.language, !language.isEmpty { form.append("language", language) }
    if let prompt = options.combinedPrompt { form.append("prompt", prompt) }
    form.append("response_format", usesVerboseJSON ? "verbose_json" : "json")
    form.append("temperature", "0")
    var headers = ["Content-Type": form.contentType, "Accept": "application/json"]
    if let apiKey { headers["Authorization"] = "Bearer \(apiKey)" }
    let request = HTTPRequest(
      method: .post, url: baseURL.joining("audio/transcriptions"), headers: headers, body: form.body,
      timeout: requestTimeout)
    let response = try await CloudCall.exchange(
      http, request, provider: displayName, secrets: apiKey.map { [$0] } ?? [])
    guard let answer = try? response.decode(TranscriptionAnswer.self), answer.text != nil else {
      throw SpeechEngineError("\(displayName) sent an answer Utter cannot read: expected a transcription object")
    }
    return answer.transcript(
      engine: id, model: model, duration: Double(samples.count) / Double(engineSampleRate),
      requestedLanguage: options.language)
  }
}

/// The shared way cloud engines send a request and report failures.
enum CloudCall {
  /// The 2xx response to `request`; failures become one-line `SpeechEngineError`s without keys.
  static func exchange(
    _ http: any HTTPClient, _ request: HTTPRequest, provider: String, secrets: [String]
  ) async throws -> HTTPResponse {
    do {
      return try await http.exchange(request, provider: provider, secrets: secrets)
    } catch let error as ProviderError {
      throw SpeechEngineError(error.message)
    }
  }
}
