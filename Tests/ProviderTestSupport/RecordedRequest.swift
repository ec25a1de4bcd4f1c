import Clocks
import Foundation
import TestSupport

/// One request as the fake server received it.
public struct RecordedRequest: Sendable {
  public var method: String
  /// Path and query, e.g. `/v1/listen?model=nova-3`.
  public var target: String
  /// Header fields with lower-cased names (repeated fields joined by ", ").
  public var headers: [String: String]
  public var body: Data

  public init(method: String, target: String, headers: [String: String], body: Data) {
    self.method = method
    self.target = target
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $0 + ", " + $1 })
    self.body = body
  }

  /// The path without the query.
  public var path: String {
    String(target.split(separator: "?", maxSplits: 1).first ?? "")
  }

  /// The query items in order (repeated names kept).
  public var queryItems: [URLQueryItem] {
    URLComponents(string: "http://localhost" + target)?.queryItems ?? []
  }

  /// The values of query item `name`.
  public func query(_ name: String) -> [String] {
    queryItems.filter { $0.name == name }.compactMap(\.value)
  }

  /// The value of header `name`.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }

  /// The body as a JSON object, if it is one.
  public var json: [String: any Sendable]? {
    (try? JSONSerialization.jsonObject(with: body)) as? [String: any Sendable]
  }

  /// The body as text.
  public var text: String { String(decoding: body, as: UTF8.self) }

  /// The multipart/form-data parts, when the content type says so and the body parses.
  public var multipart: [MultipartPart]? {
    guard let type = header("content-type"), type.lowercased().hasPrefix("multipart/form-data"),
      let boundaryRange = type.range(of: "boundary=")
    else { return nil }
    var boundary = String(type[boundaryRange.upperBound...])
    if let semicolon = boundary.firstIndex(of: ";") { boundary = String(boundary[..<semicolon]) }
    boundary = boundary.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
    return MultipartPart.parse(body, boundary: boundary)
  }
}

/// One part of a multipart/form-data body.
public struct MultipartPart: Sendable {
  public var name: String
  public var filename: String?
  public var contentType: String?
  public var data: Data

  public var text: String { String(decoding: data, as: UTF8.self) }

  /// Splits `body` at `boundary` (RFC 7578); nil when the framing is wrong.
  public static func parse(_ body: Data, boundary: String) -> [MultipartPart]? {
    let delimiter = Data("--\(boundary)".utf8)
    let headerEnd = Data("\r\n\r\n".utf8)
    var parts: [MultipartPart] = []
    guard var cursor = body.range(of: delimiter)?.upperBound else { return nil }
    while true {
      // After a delimiter: "--" ends the body, "\r\n" starts a part.
      let rest = body[cursor...]
      if rest.starts(with: Data("--".utf8)) { return parts }
      guard rest.starts(with: Data("\r\n".utf8)) else { return nil }
      let headerStart = cursor + 2
      guard let headerRange = body.range(of: headerEnd, in: headerStart..<body.endIndex) else { return nil }
      let headerText = String(decoding: body[headerStart..<headerRange.lowerBound], as: UTF8.self)
      guard let next = body.range(of: Data("\r\n".utf8) + delimiter, in: headerRange.upperBound..<body.endIndex)
      else { return nil }
      let data = body[headerRange.upperBound..<next.lowerBound]
      var name: String?
      var filename: String?
      var contentType: String?
      for line in headerText.components(separatedBy: "\r\n") {
        let lowered = line.lowercased()
        if lowered.hasPrefix("content-disposition:") {
          name = parameter("name", in: line)
          filename = parameter("filename", in: line)
        } else if lowered.hasPrefix("content-type:") {
          contentType = line.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces)
        }
      }
      guard let name else { return nil }
      parts.append(MultipartPart(name: name, filename: filename, contentType: contentType, data: Data(data)))
      cursor = next.upperBound
    }
  }

  private static func parameter(_ key: String, in line: String) -> String? {
    for piece in line.components(separatedBy: ";") {
      let trimmed = piece.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("\(key)=\"") else { continue }
      return String(trimmed.dropFirst(key.count + 2).dropLast())
    }
    return nil
  }
}

/// The fields of a WAV header that tests check.
public struct WAVHeader: Sendable, Hashable {
  public var format: Int
  public var channels: Int
  public var sampleRate: Int
  public var bitsPerSample: Int
  public var dataBytes: Int

  public init(format: Int, channels: Int, sampleRate: Int, bitsPerSample: Int, dataBytes: Int) {
    self.format = format
    self.channels = channels
    self.sampleRate = sampleRate
    self.bitsPerSample = bitsPerSample
    self.dataBytes = dataBytes
  }

  /// Reads a canonical 44-byte RIFF/WAVE header; nil when `data` is not one.
  public static func parse(_ data: Data) -> WAVHeader? {
    let bytes = [UInt8](data.prefix(44))
    guard bytes.count == 44, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF",
      String(decoding: bytes[8..<12], as: UTF8.self) == "WAVE",
      String(decoding: bytes[12..<16], as: UTF8.self) == "fmt ",
      String(decoding: bytes[36..<40], as: UTF8.self) == "data"
    else { return nil }
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
    return WAVHeader(
      format: u16(20), channels: u16(22), sampleRate: u32(24), bitsPerSample: u16(34), dataBytes: u32(40))
  }
}

/// What the fake server answers.
public struct FakeReply: Sendable {
  public var status: Int
  public var headers: [String: String]
  public var body: Data
  /// When set, the server holds the request and answers only once the test opens this gate (or the server stops):
  /// a slow provider whose answer cannot come before the client has given up, however slow the machine. A client
  /// that never gives up gets the answer once `eventually`'s 60 s of polls have run out, and its test fails.
  public var heldUntil: Gate?

  public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), heldUntil: Gate? = nil) {
    self.status = status
    self.headers = headers
    self.body = body
    self.heldUntil = heldUntil
  }

  /// A JSON answer with `text` as its body.
  public static func json(
    _ text: String, status: Int = 200, headers: [String: String] = [:], heldUntil: Gate? = nil
  ) -> FakeReply {
    var all = headers
    all["Content-Type"] = "application/json"
    return FakeReply(status: status, headers: all, body: Data(text.utf8), heldUntil: heldUntil)
  }

  /// A plain-text answer.
  public static func text(_ text: String, status: Int) -> FakeReply {
    FakeReply(status: status, headers: ["Content-Type": "text/plain"], body: Data(text.utf8))
  }

  /// An answer for a request the fake API would reject, naming what was wrong (shows up in test failures).
  public static func badRequest(_ why: String) -> FakeReply {
    json(#"{"error":{"message":"fake server: \#(why)","type":"invalid_request_error"}}"#, status: 400)
  }
}

/// Collects values from concurrent code, e.g. the delays an injected sleep was asked for.
public final class Recorder<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Value] = []

  public init() {}

  public func record(_ value: Value) { lock.withLock { stored.append(value) } }
  public var values: [Value] { lock.withLock { stored } }
}

extension Recorder where Value == Duration {
  /// A clock that records each wait asked of it and returns at once, reading `now` as the time.
  public func clock(now: Date = Date()) -> UtterClock {
    UtterClock(now: { now.timeIntervalSince1970 }, sleep: { self.record(.seconds($0)) })
  }
}
