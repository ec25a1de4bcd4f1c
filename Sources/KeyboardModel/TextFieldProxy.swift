/// The text field the keyboard types into (on iOS, the text document proxy).
public protocol TextFieldProxy: Sendable {
  /// Text before the cursor.
  var textBeforeCursor: String { get }
  /// Inserts `text` at the cursor.
  mutating func insert(_ text: String)
  /// Deletes `count` characters before the cursor.
  mutating func deleteBackward(count: Int)
}

/// A text field in memory with the cursor at the end: what the command-line keyboard types into.
public struct SimulatedTextField: TextFieldProxy, Hashable {
  public private(set) var text: String

  public init(text: String = "") {
    self.text = text
  }

  public var textBeforeCursor: String { text }

  public mutating func insert(_ text: String) {
    self.text += text
  }

  public mutating func deleteBackward(count: Int) {
    text.removeLast(min(count, text.count))
  }
}
