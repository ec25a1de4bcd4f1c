import AudioInput
import Foundation
import HTTPTransport
import SpeechEngine

/// Deepgram pre-recorded transcription: `POST {base}/v1/listen?model=…&smart_format=true&…` with
/// `Authorization: Token KEY` and the raw WAV as the body (`Content-Type: audio/wav`).
///
/// The vocabulary goes as repeated `keyterm` parameters on Nova-3 and as `keywords` on older models. Without a
/// language the model detects it (`detect_language=true`).
public struct DeepgramTranscriptionEngine: SpeechEngine, ProviderClient {
  /// Each second sent is billed: stretches are packed into long calls, none read twice.
  public var windowing: VoicedTranscription.Windowing { .filled }
  /// Its API root is without version, e.g. `https://api.deepgram.com`.
  public let connection: ProviderConnection
  public var requestTimeout: TimeInterval

  public init(_ connection: ProviderConnection, requestTimeout: TimeInterval = 120) {
    self.connection = connection
    self.requestTimeout = requestTimeout
  }

  /// The query for one request.
  func queryItems(options: TranscriptionOptions) -> [URLQueryItem] {
    var items = [
      URLQueryItem(name: "model", value: model), URLQueryItem(name: "smart_format", value: "true"),
      URLQueryItem(name: "punctuate", value: "true"),
    ]
    if let language = options.language, !language.isEmpty {
      items.append(URLQueryItem(name: "language", value: language))
    } else {
      items.append(URLQueryItem(name: "detect_language", value: "true"))
    }
    let vocabularyParameter = model.hasPrefix("nova-3") ? "keyterm" : "keywords"
    for term in options.vocabulary.prefix(100) {
      let trimmed = term.trimmingCharacters(in: .whitespacesAndNewlines)
      if !trimmed.isEmpty { items.append(URLQueryItem(name: vocabularyParameter, value: trimmed)) }
    }
    return items
  }

  private struct Answer: Decodable {
    struct Alternative: Decodable {
      var transcript: String?
      var confidence: Double?
      var words: [AnswerWord]?
    }
    struct Channel: Decodable {
      var alternatives: [Alternative]?
      var detected_language: String?
    }
    struct Results: Decodable {
      var channels: [Channel]?
    }
    var results: Results?
  }

  public func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    guard samples.count >= engineSampleRate / 10 else {
      return .empty(engine: id, model: model, language: options.language)
    }
    guard var components = URLComponents(url: baseURL.joining("v1/listen"), resolvingAgainstBaseURL: false) else {
      throw SpeechEngineError("cannot build the Deepgram URL from \(baseURL.absoluteString)")
    }
    components.queryItems = queryItems(options: options)
    // NB: URLComponents leaves "+" alone, which servers read as a space; keyterms may hold one.
    let query = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
    components.percentEncodedQuery = query
    guard let url = components.url else { throw SpeechEngineError("cannot build the Deepgram URL") }
    let request = HTTPRequest(
      method: .post, url: url,
      headers: connection.headers(["Content-Type": "audio/wav"], keyHeader: "Authorization", keyPrefix: "Token "),
      body: WAVEncoding.file(samples, sampleRate: engineSampleRate), timeout: requestTimeout)
    let response = try await connection.speechExchange(request)
    guard let answer = try? response.decode(Answer.self), let channel = answer.results?.channels?.first else {
      throw SpeechEngineError("\(displayName) sent an answer Utter cannot read: expected results.channels")
    }
    let language = LanguageCode.iso(channel.detected_language) ?? options.language
    guard let best = channel.alternatives?.first,
      let text = best.transcript?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty
    else {
      return .empty(engine: id, model: model, language: language)
    }
    let words = (best.words ?? []).compactMap { word in (word.punctuated_word ?? word.word).map(word.transcriptWord) }
    let duration = Double(samples.count) / Double(engineSampleRate)
    let segment = TranscriptSegment(
      text: text, start: words.first?.start ?? 0, end: words.last?.end ?? duration, confidence: best.confidence ?? 1,
      words: words)
    return Transcript(text: text, segments: [segment], language: language, engine: id, model: model)
  }
}
