import DictationValues
import Foundation
import HTTPTransport

/// A server of your own that speaks OpenAI's transcription API (`utter serve`, or another): where it is, the model
/// to ask for, and its key. The phone's custom-server engine and polish, and `utter` itself, are configured with one.
public struct RemoteServer: Sendable, Hashable {
  /// The API root, e.g. `http://192.168.1.20:8080/v1` (a bare host gets `/v1`).
  public var baseURL: URL
  /// The model to ask for; nil: the server's own.
  public var model: String?
  /// The bearer token; nil sends none.
  public var token: String?

  public init(baseURL: URL, model: String? = nil, token: String? = nil) {
    self.baseURL = APIBaseURL.withVersion(baseURL)
    self.model = model
    self.token = token
  }

  /// The server from what a user typed in settings; nil when the address is not an http(s) URL with a host.
  public init?(address: String, model: String? = nil, token: String? = nil) {
    let trimmed = address.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let url = URL(string: trimmed), url.scheme == "http" || url.scheme == "https", url.host != nil else {
      return nil
    }
    let model = model?.trimmingCharacters(in: .whitespacesAndNewlines)
    let token = token?.trimmingCharacters(in: .whitespacesAndNewlines)
    self.init(baseURL: url, model: model?.isEmpty == false ? model : nil, token: token?.isEmpty == false ? token : nil)
  }

  /// The live dictation WebSocket: `ws://…/v1/audio/live` (`wss` for https), with the model (as uploads name it), the
  /// language, the words the engine should expect (the phone's dictionary) and whether the final text should be the
  /// engine's words as they are.
  public func liveURL(language: String? = nil, prompt: String? = nil, raw: Bool = false) -> URL? {
    guard var components = URLComponents(url: baseURL.joining("audio/live"), resolvingAgainstBaseURL: false) else {
      return nil
    }
    components.scheme = components.scheme == "https" ? "wss" : "ws"
    var query = model.map { [URLQueryItem(name: "model", value: $0)] } ?? []
    if let tag = LanguageChoice(language).tag {
      query.append(URLQueryItem(name: "language", value: tag))
    }
    if let prompt, !prompt.isEmpty { query.append(URLQueryItem(name: "prompt", value: prompt)) }
    if raw { query.append(URLQueryItem(name: "cleanup", value: "false")) }
    components.queryItems = query.isEmpty ? nil : query
    return components.url
  }

  /// The header fields every request to the server carries.
  public var headers: [String: String] {
    token.map { ["Authorization": "Bearer \($0)"] } ?? [:]
  }
}
