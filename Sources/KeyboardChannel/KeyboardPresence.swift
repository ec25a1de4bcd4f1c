/// The keyboard's sign of life: it rewrites this every few seconds while it is on screen, so that the app can tell
/// a keyboard that went away (killed by iOS, switched for another keyboard) from one whose user is still talking.
public struct KeyboardPresence: Codable, Sendable, Hashable {
  /// The session the keyboard believes is live, or nil when it knows none.
  public var sessionID: String?
  /// When the keyboard last wrote it (seconds since 1970).
  public var seenAt: Double

  public init(sessionID: String?, seenAt: Double) {
    self.sessionID = sessionID
    self.seenAt = seenAt
  }
}

extension SessionChannel {
  /// Replaces the keyboard's sign of life. Only the keyboard calls this.
  public func writePresence(_ presence: KeyboardPresence) throws {
    try write(presence, to: ChannelFile.keyboard, sync: false)
  }
}
