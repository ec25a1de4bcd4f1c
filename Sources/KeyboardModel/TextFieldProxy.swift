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
  /// Moves the cursor `offset` characters (negative: back).
  mutating func moveCursor(by offset: Int)
}

/// A text field in memory, with the cursor at the end until it is moved: what the command-line keyboard types
/// into.
public struct SimulatedTextField: TextFieldProxy, Hashable {
  public private(set) var text: String
  /// How many characters follow the cursor.
  public private(set) var charactersAfterCursor = 0

  public init(text: String = "") {
    self.text = text
  }

  public var textBeforeCursor: String { String(text.dropLast(charactersAfterCursor)) }

  public var textAfterCursor: String { String(text.suffix(charactersAfterCursor)) }

  /// Replaces the last occurrence of `old` as whole words with `new`, as a user editing the field would; false when
  /// `old` is not in the field.
  public mutating func replaceLast(_ old: String, with new: String) -> Bool {
    let characters = Array(text)
    let needle = Array(old)
    guard !needle.isEmpty, needle.count <= characters.count else { return false }
    func wordCharacter(_ index: Int) -> Bool {
      characters.indices.contains(index) && (characters[index].isLetter || characters[index].isNumber)
    }
    for start in stride(from: characters.count - needle.count, through: 0, by: -1)
    where characters[start..<(start + needle.count)].elementsEqual(needle)
      && !(wordCharacter(start - 1) && wordCharacter(start))
      && !(wordCharacter(start + needle.count) && wordCharacter(start + needle.count - 1))
    {
      text = String(characters[..<start]) + new + String(characters[(start + needle.count)...])
      charactersAfterCursor = min(charactersAfterCursor, text.count)
      return true
    }
    return false
  }

  public mutating func insert(_ text: String) {
    self.text = textBeforeCursor + text + textAfterCursor
  }

  public mutating func deleteBackward(count: Int) {
    let before = textBeforeCursor
    text = String(before.dropLast(count)) + textAfterCursor
  }

  public mutating func moveCursor(by offset: Int) {
    charactersAfterCursor = min(text.count, max(0, charactersAfterCursor - offset))
  }
}
