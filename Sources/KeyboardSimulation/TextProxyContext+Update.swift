import KeyboardRules

extension TextProxyContext {
  /// The proxy's asynchronous update: edits made during a turn of the run loop show in the context only from the
  /// next turn. The simulated field keeps one: `before` and `after` are what a read returns now.
  public struct Update: Sendable, Hashable {
    /// The context a read returns now, before and after the cursor.
    public private(set) var before: String
    public private(set) var after: String
    /// Whether the field changed during this turn (reads are stale until the next one).
    public private(set) var isStale = false

    /// The context of a field whose text around the cursor is `before` and `after`.
    public init(before: String, after: String) {
      self.before = TextProxyContext.before(before)
      self.after = TextProxyContext.after(after)
    }

    /// The keyboard edited the field: the proxy keeps showing what it showed.
    public mutating func edited() { isStale = true }

    /// A new turn of the run loop: the proxy shows the field as it is now.
    public mutating func nextTurn(before: String, after: String) {
      self = Update(before: before, after: after)
    }
  }
}
