import Foundation

/// A `multipart/form-data` body (RFC 7578), for uploads such as audio files.
public struct MultipartFormData: Sendable {
  /// The boundary between parts (random by default, so it does not occur inside them).
  public let boundary: String
  private var parts: [Part] = []

  private struct Part: Sendable {
    var name: String
    var filename: String?
    var contentType: String?
    var data: Data
  }

  /// An empty form; `boundary` defaults to a random one.
  public init(boundary: String = "utter-\(UUID().uuidString)") {
    self.boundary = boundary
  }

  /// Adds a text field.
  public mutating func append(_ name: String, _ value: String) {
    parts.append(Part(name: name, filename: nil, contentType: nil, data: Data(value.utf8)))
  }

  /// Adds a file field.
  public mutating func append(_ name: String, filename: String, contentType: String, data: Data) {
    parts.append(Part(name: name, filename: filename, contentType: contentType, data: data))
  }

  /// The value of the `Content-Type` header for this body.
  public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

  /// The encoded body.
  public var body: Data {
    var body = Data()
    for part in parts {
      body.append(Data("--\(boundary)\r\n".utf8))
      var disposition = "Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
      if let filename = part.filename { disposition += "; filename=\"\(Self.quoted(filename))\"" }
      body.append(Data("\(disposition)\r\n".utf8))
      if let contentType = part.contentType { body.append(Data("Content-Type: \(contentType)\r\n".utf8)) }
      body.append(Data("\r\n".utf8))
      body.append(part.data)
      body.append(Data("\r\n".utf8))
    }
    body.append(Data("--\(boundary)--\r\n".utf8))
    return body
  }

  /// Escapes a name for a quoted header parameter (quotes and line breaks as in HTML form submission).
  private static func quoted(_ text: String) -> String {
    text.replacingOccurrences(of: "\"", with: "%22")
      .replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }
}
