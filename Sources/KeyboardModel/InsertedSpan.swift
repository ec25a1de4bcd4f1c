import KeyboardRules

/// What the keyboard knows of the text it inserted last, so that undo and "use raw text" remove exactly that text,
/// or nothing. iOS shows a keyboard only the sentence or line around the cursor (`TextProxyContext`), so the
/// keyboard cannot read a long or multi-line dictation back; it relies on what it inserted, on the field not having
/// changed since (any change seen at the start of a turn loses the span), and on the little it can see agreeing.
public struct InsertedSpan: Sendable, Hashable {
  /// The text as it went into the field.
  public let text: String
  /// What the proxy showed around the cursor just before the insertion.
  let before: String
  let after: String
  /// What the proxy first showed once the insertion was visible; a later, different view means the field changed.
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

  /// The proxy shows `before` and `after` at the start of a turn: records the first view that shows the insertion;
  /// returns false when the field has changed since (the cursor moved, or the text was edited), and the span is lost.
  public mutating func observe(before: String, after: String) -> Bool {
    if let settled { return settled == Settled(before: before, after: after) }
    // NB: the proxy updates asynchronously: a view that does not show the insertion yet may be the old one.
    if agrees(before: before, after: after) { settled = Settled(before: before, after: after) }
    return true
  }

  /// Whether the proxy's view (`before` and `after` the cursor) shows the inserted text ending at the cursor, with
  /// the field after it as it was, and nothing seen since that contradicts it.
  public func isAtCursor(before: String, after: String) -> Bool {
    if let settled, settled != Settled(before: before, after: after) { return false }
    return agrees(before: before, after: after)
  }

  /// What little the proxy shows agrees with the insertion: the text after the cursor is what followed it, and the
  /// text before the cursor ends with it (or, where iOS shows less than the insertion, is its end). An empty view
  /// agrees only where iOS would show nothing either (the insertion ended a line).
  func agrees(before: String, after: String) -> Bool {
    guard after == self.after else { return false }
    if before.isEmpty { return TextProxyContext.before(self.before + text).isEmpty }
    return before.count >= text.count ? before.hasSuffix(text) : text.hasSuffix(before)
  }

  /// The span once the keyboard replaced its text with `new` (use raw text), in the same place.
  public func replacing(with new: String) -> InsertedSpan {
    InsertedSpan(text: new, before: before, after: after)
  }
}
