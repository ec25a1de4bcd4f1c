import Foundation

/// A failure talking to a cloud provider, as one line a user can act on. Never contains an API key.
public struct ProviderError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, for callers that react differently (fall back, ask for a key, retry later).
  public enum Kind: Sendable, Hashable {
    case missingKey, rejectedKey, forbidden, rateLimited, timedOut, unreachable, cancelled
    case notFound, badRequest, tooLarge, server, badResponse, refused
  }

  public var kind: Kind
  /// The provider's display name, e.g. `OpenAI`.
  public var provider: String
  /// The HTTP status, when there was an answer.
  public var status: Int?
  /// The whole one-line message.
  public var message: String

  public init(_ kind: Kind, provider: String, status: Int? = nil, message: String) {
    self.kind = kind
    self.provider = provider
    self.status = status
    self.message = message
  }

  public var description: String { message }

  /// No key is stored or set in the environment.
  public static func missingKey(provider: String, id: String, environmentVariable: String?) -> ProviderError {
    var message = "no API key for \(provider): run `utter keys set \(id)`"
    if let environmentVariable { message += " or set \(environmentVariable)" }
    return ProviderError(.missingKey, provider: provider, message: message)
  }

  /// The answer could not be read.
  public static func badResponse(provider: String, _ detail: String) -> ProviderError {
    ProviderError(.badResponse, provider: provider, message: "\(provider) sent an answer Utter cannot read: \(detail)")
  }

  /// Explains a non-2xx answer, with the detail the API put in its error body; `secrets` are blanked out.
  public static func from(_ response: HTTPResponse, provider: String, secrets: [String] = []) -> ProviderError {
    let detail = APIErrorBody.message(from: response.body).map { Redaction.redact($0, secrets: secrets) }
    let suffix = detail.map { ": \($0)" } ?? ""
    let status = response.status
    let (kind, message): (Kind, String) =
      switch status {
      case 401: (.rejectedKey, "\(provider) rejected the API key")
      case 403: (.forbidden, "\(provider) refused access\(suffix)")
      case 404: (.notFound, "\(provider) has no such endpoint or model\(suffix)")
      case 413: (.tooLarge, "\(provider) says the upload is too large")
      case 429: (.rateLimited, "\(provider) is limiting requests (HTTP 429)\(suffix); try again later")
      case 400..<500: (.badRequest, "\(provider) rejected the request (HTTP \(status))\(suffix)")
      default: (.server, "\(provider) had a server error (HTTP \(status))\(suffix)")
      }
    return ProviderError(kind, provider: provider, status: status, message: message)
  }

  /// Explains a request that got no answer.
  public static func from(_ error: HTTPTransportError, provider: String) -> ProviderError {
    switch error.kind {
    case .timedOut: return ProviderError(.timedOut, provider: provider, message: "\(provider) did not answer in time")
    case .cancelled:
      return ProviderError(.cancelled, provider: provider, message: "the request to \(provider) was cancelled")
    case .cannotConnect, .other:
      return ProviderError(
        .unreachable, provider: provider, message: "could not reach \(provider) (\(error.description))")
    }
  }
}

/// Pulls the human message out of an API's error body.
public enum APIErrorBody {
  /// The message in `body` (OpenAI/Anthropic/Gemini `error.message`, Ollama `error`, Mistral `message`,
  /// FastAPI `detail`, Deepgram `err_msg`), else a short plain-text body, flattened to one line of at most
  /// 200 characters.
  public static func message(from body: Data) -> String? {
    if let json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
      let found = find(in: json)
    {
      return oneLine(found)
    }
    guard let text = String(data: body, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
      !text.isEmpty, !text.hasPrefix("<"), !text.hasPrefix("{"), !text.hasPrefix("[")
    else { return nil }
    return oneLine(text)
  }

  private static func find(in json: Any) -> String? {
    if let array = json as? [Any] { return array.lazy.compactMap(find).first }
    guard let object = json as? [String: Any] else { return nil }
    if let error = object["error"] {
      if let text = error as? String, !text.isEmpty { return text }
      if let nested = find(in: error) { return nested }
    }
    for key in ["message", "err_msg", "error_description"] {
      if let text = object[key] as? String, !text.isEmpty { return text }
    }
    if let detail = object["detail"] {
      if let text = detail as? String, !text.isEmpty { return text }
      if let items = detail as? [[String: Any]] {
        let messages = items.compactMap { $0["msg"] as? String }
        if !messages.isEmpty { return messages.joined(separator: "; ") }
      }
    }
    return nil
  }

  static func oneLine(_ text: String) -> String {
    let flat = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: " ")
    return flat.count > 200 ? String(flat.prefix(199)) + "…" : flat
  }
}

/// Keeps secrets out of text that may be shown or logged.
public enum Redaction {
  /// `text` with each of `secrets` and anything shaped like an API key (`sk-…`, `gsk_…`, `AIza…`) replaced
  /// by `[redacted]`.
  public static func redact(_ text: String, secrets: [String]) -> String {
    var result = text
    for secret in secrets where secret.count >= 4 {
      result = result.replacingOccurrences(of: secret, with: "[redacted]")
    }
    let pattern = #"(sk-|gsk_|sk_|AIza|xai-)[A-Za-z0-9_\-\*\.]{6,}"#
    if let regex = try? NSRegularExpression(pattern: pattern) {
      let range = NSRange(result.startIndex..., in: result)
      result = regex.stringByReplacingMatches(in: result, range: range, withTemplate: "[redacted]")
    }
    return result
  }
}

extension HTTPClient {
  /// Sends `request` and returns a 2xx response; anything else becomes a `ProviderError` naming
  /// `provider`, with `secrets` kept out of its message.
  public func exchange(_ request: HTTPRequest, provider: String, secrets: [String] = []) async throws -> HTTPResponse {
    let response: HTTPResponse
    do {
      response = try await send(request)
    } catch let error as HTTPTransportError {
      throw ProviderError.from(error, provider: provider)
    } catch is CancellationError {
      throw ProviderError(.cancelled, provider: provider, message: "the request to \(provider) was cancelled")
    }
    guard response.isSuccess else { throw ProviderError.from(response, provider: provider, secrets: secrets) }
    return response
  }
}
