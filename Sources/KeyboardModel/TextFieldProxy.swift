/// The text field the keyboard types into (on iOS, the text document proxy).
public protocol TextFieldProxy: Sendable {
  /// Text before the cursor.
  var textBeforeCursor: String { get }
  /// Text after the cursor (what the field offers; empty when the cursor is at the end).
  var textAfterCursor: String { get }
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

  public var textAfterCursor: String { "" }

  /// Replaces the last occurrence of `old` with `new`, as a user editing the field would; false when `old` is not
  /// in the field.
  public mutating func replaceLast(_ old: String, with new: String) -> Bool {
    let characters = Array(text)
    let needle = Array(old)
    guard !needle.isEmpty, needle.count <= characters.count else { return false }
    for start in stride(from: characters.count - needle.count, through: 0, by: -1)
    where characters[start..<(start + needle.count)].elementsEqual(needle) {
      text = String(characters[..<start]) + new + String(characters[(start + needle.count)...])
      return true
    }
    return false
  }

  public mutating func insert(_ text: String) {
    self.text += text
  }

  public mutating func deleteBackward(count: Int) {
    text.removeLast(min(count, text.count))
  }
}
