/// The text field the keyboard types into (on iOS, the text document proxy).
public protocol TextFieldProxy: Sendable {
  /// What the field reveals before the cursor (on iOS, `TextProxyContext`; stale until the next turn).
  var textBeforeCursor: String { get }
  /// What the field reveals after the cursor (empty when the cursor is at the end).
  var textAfterCursor: String { get }
  /// What the field reveals of the selected text (`UITextDocumentProxy.selectedText`); nil or empty: none.
  var selectedText: String? { get }
  mutating func insert(_ text: String)
  mutating func deleteBackward(count: Int)
  mutating func moveCursor(by offset: Int)
  /// A new turn of the run loop begins (a tap, a notification): the context shows the keyboard's earlier edits.
  mutating func nextTurn()
}

extension TextFieldProxy {
  /// iOS updates its proxy by itself.
  public mutating func nextTurn() {}
}
