/// The keyboard's sign of life, rewritten every few seconds on screen, so the app can tell when it went away.
public struct KeyboardPresence: Codable, Sendable, Hashable {
  public var sessionID: String?
  /// When the keyboard last wrote it (seconds since 1970).
  public var seenAt: Double

  public init(sessionID: String?, seenAt: Double) {
    self.sessionID = sessionID
    self.seenAt = seenAt
  }
}
