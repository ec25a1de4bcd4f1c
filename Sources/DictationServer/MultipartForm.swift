import Foundation

/// A `multipart/form-data` body split into its parts (RFC 7578): what OpenAI's clients send to
/// `/v1/audio/transcriptions`.
struct MultipartForm: Sendable {
  /// One part: its field name, the file name when it is a file, and its bytes.
  struct Part: Sendable {
    var name: String
    var fileName: String?
    var contentType: String?
    var body: ArraySlice<UInt8>

    /// The part as text (form fields), trimmed.
    var text: String { String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
  }

  var parts: [Part]

  /// The first part named `name`.
  func part(_ name: String) -> Part? { parts.first { $0.name == name } }

  /// The text of field `name`, nil when absent or empty.
  func field(_ name: String) -> String? {
    guard let text = part(name)?.text, !text.isEmpty else { return nil }
    return text
  }

  /// The boundary of a `Content-Type: multipart/form-data; boundary=…` header; nil for any other type.
  static func boundary(contentType: String?) -> String? {
    guard let contentType else { return nil }
    let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
    guard pieces.first?.lowercased() == "multipart/form-data" else { return nil }
    for piece in pieces.dropFirst() where piece.lowercased().hasPrefix("boundary=") {
      var value = piece.dropFirst("boundary=".count)
      if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
      return value.isEmpty || value.count > 200 ? nil : String(value)
    }
    return nil
  }

  /// Parses `body`; throws a one-line reason when it is not a form with that boundary.
  static func parse(_ body: [UInt8], boundary: String) throws -> MultipartForm {
    let delimiter = Array("--\(boundary)".utf8)
    var parts: [Part] = []
    guard var position = find(delimiter, in: body, from: 0) else {
      throw MultipartError("the form does not contain its boundary")
    }
    position += delimiter.count
    while true {
      // After a delimiter: "--" ends the form, else CRLF and a part follow.
      if body[position...].starts(with: Array("--".utf8)) { break }
      guard body[position...].starts(with: [13, 10]) else {
        throw MultipartError("a part is not followed by a line break")
      }
      position += 2
      guard let headerEnd = find([13, 10, 13, 10], in: body, from: position) else {
        throw MultipartError("a part's headers never end")
      }
      let headers = String(decoding: body[position..<headerEnd], as: UTF8.self)
      let contentStart = headerEnd + 4
      guard let next = find([13, 10] + delimiter, in: body, from: contentStart) else {
        throw MultipartError("a part never ends (the form is cut short)")
      }
      var part = Part(name: "", body: body[contentStart..<next])
      for line in headers.split(separator: "\r\n") {
        let pair = line.split(separator: ":", maxSplits: 1)
        guard pair.count == 2 else { continue }
        let name = pair[0].trimmingCharacters(in: .whitespaces).lowercased()
        let value = pair[1].trimmingCharacters(in: .whitespaces)
        if name == "content-disposition" {
          part.name = parameter("name", in: value) ?? ""
          part.fileName = parameter("filename", in: value)
        } else if name == "content-type" {
          part.contentType = value
        }
      }
      parts.append(part)
      position = next + 2 + delimiter.count
      guard position < body.count else { throw MultipartError("the form is cut short") }
    }
    return MultipartForm(parts: parts)
  }

  /// `key="value"` (or `key=value`) in a header value's parameters.
  private static func parameter(_ key: String, in value: String) -> String? {
    for piece in value.split(separator: ";").dropFirst() {
      let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard pair.count == 2, pair[0].lowercased() == key else { continue }
      var found = Substring(pair[1])
      if found.hasPrefix("\""), found.hasSuffix("\""), found.count >= 2 { found = found.dropFirst().dropLast() }
      return String(found)
    }
    return nil
  }

  /// The index where `needle` first occurs in `haystack` at or after `start`.
  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, needle.count <= haystack.count else { return nil }
    var index = start
    let last = haystack.count - needle.count
    while index <= last {
      guard let candidate = haystack[index...last].firstIndex(of: first) else { return nil }
      if haystack[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
      index = candidate + 1
    }
    return nil
  }
}

/// A body that is not a usable form, in one line.
struct MultipartError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
