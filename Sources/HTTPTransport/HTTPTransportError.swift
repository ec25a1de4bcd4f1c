import Foundation

/// Why no HTTP response arrived.
public struct HTTPTransportError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure.
  public enum Kind: Sendable, Hashable {
    /// The exchange took longer than the request's timeout.
    case timedOut
    /// The server could not be reached (refused, no route, DNS failure, offline).
    case cannotConnect
    /// The task was cancelled.
    case cancelled
    /// Anything else that broke the exchange.
    case other
  }

  public var kind: Kind
  /// The host the request went to, for the message.
  public var host: String
  public var detail: String

  public init(_ kind: Kind, host: String, detail: String = "") {
    self.kind = kind
    self.host = host
    self.detail = detail
  }

  public var description: String {
    let suffix = detail.isEmpty ? "" : ": \(detail)"
    switch kind {
    case .timedOut: return "\(host) did not answer in time\(suffix)"
    case .cannotConnect: return "could not connect to \(host)\(suffix)"
    case .cancelled: return "request to \(host) was cancelled"
    case .other: return "request to \(host) failed\(suffix)"
    }
  }

  /// Whether trying again may help.
  public var isTransient: Bool { kind == .cannotConnect || kind == .other }
}
