/// The text the keyboard inserted last, so that undo and "use raw text" remove exactly it, or nothing.
public struct InsertedSpan: Sendable, Hashable {
  public let text: String
  let before: String
  let after: String
  // NB: a later view unlike the first that showed the insertion means the field changed.
  private(set) var settled: Settled?

  struct Settled: Sendable, Hashable {
    var before: String
    var after: String
  }

  /// `text`, inserted where the proxy showed `before` and `after` around the cursor.
  public init(text: String, before: String, after: String) {
    self.text = text
    self.before = before
    self.after = after
  }

  /// Records the view at the start of a turn; false when the field changed since the insertion.
  public mutating func observe(before: String, after: String) -> Bool {
    if let settled { return settled == Settled(before: before, after: after) }
    // NB: the proxy updates asynchronously: a view that does not show the insertion yet may be the old one.
    if agrees(before: before, after: after) { settled = Settled(before: before, after: after) }
    return true
  }

  /// Whether the view shows the inserted text ending at the cursor, and nothing since contradicts it.
  public func isAtCursor(before: String, after: String) -> Bool {
    if let settled, settled != Settled(before: before, after: after) { return false }
    return agrees(before: before, after: after)
  }

  // NB: where iOS shows less than the insertion, the view is its end; it shows nothing only at a line's start.
  func agrees(before: String, after: String) -> Bool {
    guard after == self.after else { return false }
    if before.isEmpty { return (self.before + text).last.map { $0 == "\n" } ?? true }
    return before.count >= text.count ? before.hasSuffix(text) : text.hasSuffix(before)
  }

  /// The span once the keyboard replaced its text with `new` (use raw text), in the same place.
  public func replacing(with new: String) -> InsertedSpan {
    InsertedSpan(text: new, before: before, after: after)
  }
}
