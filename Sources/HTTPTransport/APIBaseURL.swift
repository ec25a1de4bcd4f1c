import Foundation

extension URL {
  /// This URL with `path` appended after exactly one slash (keeps `:` in `models/x:generateContent` as is).
  public func joining(_ path: String) -> URL {
    var base = absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    let tail = path.hasPrefix("/") ? String(path.dropFirst()) : path
    return URL(string: base + "/" + tail) ?? appendingPathComponent(tail)
  }
}

/// Makes user-given API roots agree with what each provider's code appends.
public enum APIBaseURL {
  /// For APIs whose root includes the version (OpenAI-style `…/v1`): a bare host gets `/v1` added, so
  /// `http://localhost:11434` works like `http://localhost:11434/v1`.
  public static func withVersion(_ url: URL, version: String = "v1") -> URL {
    let path = url.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    return path.isEmpty ? url.joining(version) : url
  }

  /// For APIs whose code appends the version itself (Anthropic, Gemini, Deepgram): a trailing `/v1` or
  /// `/v1beta` the user included is dropped, so it is not doubled.
  public static func withoutVersion(_ url: URL, versions: [String] = ["v1", "v1beta"]) -> URL {
    var text = url.absoluteString
    while text.hasSuffix("/") { text.removeLast() }
    for version in versions where text.hasSuffix("/" + version) {
      text.removeLast(version.count + 1)
      return URL(string: text) ?? url
    }
    return url
  }
}
