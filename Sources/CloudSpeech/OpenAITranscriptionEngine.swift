import AudioInput
import Foundation
import HTTPTransport
import SpeechEngine

/// OpenAI's `POST {base}/audio/transcriptions`, also spoken by Groq, Mistral and OpenAI-compatible servers.
///
/// Uploads the audio as a 16 kHz 16-bit WAV in a multipart form with `model` and the server's own `fields`,
/// with a bearer key when there is one. Audio longer than `maxUploadSeconds` is sent in pieces and joined.
public struct OpenAITranscriptionEngine: SpeechEngine, ProviderClient {
  /// Each second sent is billed: stretches are packed into long calls, none read twice.
  public var windowing: VoicedTranscription.Windowing { .filled }
  /// Its API root includes the version, e.g. `https://api.openai.com/v1`.
  public let connection: ProviderConnection
  /// The form fields the server takes besides `file` and `model`.
  public var fields: TranscriptionFields
  /// The longest one HTTP exchange may take, in seconds.
  public var requestTimeout: TimeInterval
  /// The longest audio sent in one upload (10 minutes stays under the 25 MB limit).
  public var maxUploadSeconds: Double

  public init(
    _ connection: ProviderConnection, fields: TranscriptionFields = .openAI, requestTimeout: TimeInterval = 120,
    maxUploadSeconds: Double = 600
  ) {
    self.connection = connection
    self.fields = fields
    self.requestTimeout = requestTimeout
    self.maxUploadSeconds = maxUploadSeconds
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
    fields.add(to: &form, model: model, options: options)
    let request = HTTPRequest(
      method: .post, url: baseURL.joining("audio/transcriptions"),
      headers: connection.headers(["Content-Type": form.contentType], keyHeader: "Authorization", keyPrefix: "Bearer "),
      body: form.body, timeout: requestTimeout)
    let response = try await connection.speechExchange(request)
    guard let answer = try? response.decode(TranscriptionAnswer.self), answer.text != nil else {
      throw SpeechEngineError("\(displayName) sent an answer Utter cannot read: expected a transcription object")
    }
    return answer.transcript(
      engine: id, model: model, duration: Double(samples.count) / Double(engineSampleRate),
      requestedLanguage: options.language)
  }
}

extension ProviderConnection {
  /// The 2xx response to `request`; failures become one-line `SpeechEngineError`s without keys.
  func speechExchange(_ request: HTTPRequest) async throws -> HTTPResponse {
    do {
      return try await exchange(request)
    } catch let error as ProviderError {
      throw SpeechEngineError(error.message)
    }
  }
}
