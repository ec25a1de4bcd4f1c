import Foundation

/// One HTTP response, as plain values.
public struct HTTPResponse: Sendable, Hashable {
  public var status: Int
  /// Header fields with lower-cased names.
  public private(set) var headers: [String: String]
  public var body: Data

  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    self.body = body
  }

  /// The value of header `name`, compared case-insensitively.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }

  /// Whether the status is 2xx.
  public var isSuccess: Bool { (200..<300).contains(status) }

  /// The body decoded as JSON into `type`.
  public func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    try JSONDecoder().decode(type, from: body)
  }
}
