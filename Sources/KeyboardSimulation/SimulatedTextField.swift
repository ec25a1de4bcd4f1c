import KeyboardModel
import KeyboardRules

/// A text field in memory, with the cursor at the end until it is moved: what the command-line keyboard types
/// into. It is as strict as iOS (`TextProxyContext`): the keyboard sees only the sentence or line around the cursor,
/// and its own edits only from the next turn; `lenient` shows the whole text at once.
public struct SimulatedTextField: TextFieldProxy, Hashable {
  /// The whole field, which the keyboard never sees (what the user sees).
  public private(set) var text: String
  /// How many characters follow the cursor.
  public private(set) var charactersAfterCursor = 0
  /// Whether the field shows the keyboard everything, at once (`utter keyboard --lenient-proxy`).
  public let lenient: Bool
  private var context: TextProxyContext.Update

  public init(text: String = "", lenient: Bool = false) {
    self.text = text
    self.lenient = lenient
    context = TextProxyContext.Update(before: text, after: "")
  }

  public var textBeforeCursor: String { lenient ? wholeTextBeforeCursor : context.before }

  public var textAfterCursor: String { lenient ? wholeTextAfterCursor : context.after }

  /// Everything before the cursor, as the user sees it.
  public var wholeTextBeforeCursor: String { String(text.dropLast(charactersAfterCursor)) }

  public var wholeTextAfterCursor: String { String(text.suffix(charactersAfterCursor)) }

  public mutating func nextTurn() {
    context.nextTurn(before: wholeTextBeforeCursor, after: wholeTextAfterCursor)
  }

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
      context.edited()
      return true
    }
    return false
  }

  public mutating func insert(_ text: String) {
    self.text = wholeTextBeforeCursor + text + wholeTextAfterCursor
    context.edited()
  }

  public mutating func deleteBackward(count: Int) {
    text = String(wholeTextBeforeCursor.dropLast(count)) + wholeTextAfterCursor
    context.edited()
  }

  public mutating func moveCursor(by offset: Int) {
    charactersAfterCursor = min(text.count, max(0, charactersAfterCursor - offset))
    context.edited()
  }
}
