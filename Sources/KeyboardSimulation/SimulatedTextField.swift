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
  /// How many characters before the cursor are selected (0: none); the proxy's context stops at the selection.
  public private(set) var selectedCount = 0
  /// Whether the field shows the keyboard everything, at once (`utter keyboard --lenient-proxy`).
  public let lenient: Bool
  private var context: TextProxyContext.Update

  /// A field holding `text`, with the cursor at its end and the last `selecting` characters selected.
  public init(text: String = "", lenient: Bool = false, selecting: Int? = nil) {
    self.text = text
    self.lenient = lenient
    selectedCount = min(max(0, selecting ?? 0), text.count)
    context = TextProxyContext.Update(before: String(text.dropLast(selectedCount)), after: "")
  }

  public var textBeforeCursor: String { lenient ? wholeTextBeforeCursor : context.before }

  public var textAfterCursor: String { lenient ? wholeTextAfterCursor : context.after }

  public var selectedText: String? {
    guard selectedCount > 0 else { return nil }
    let selected = String(text.dropLast(charactersAfterCursor).suffix(selectedCount))
    return lenient ? selected : TextProxyContext.selection(selected)
  }

  /// Everything before the cursor (before the selection, when there is one), as the user sees it.
  public var wholeTextBeforeCursor: String { String(text.dropLast(charactersAfterCursor + selectedCount)) }

  /// Selects the `count` characters before the cursor, as a user dragging over them would.
  public mutating func select(_ count: Int) {
    selectedCount = min(max(0, count), text.count - charactersAfterCursor)
    context.edited()
  }

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
      selectedCount = 0
      context.edited()
      return true
    }
    return false
  }

  /// Inserts `text` at the cursor, in place of the selection when there is one (as `insertText` does).
  public mutating func insert(_ text: String) {
    self.text = wholeTextBeforeCursor + text + wholeTextAfterCursor
    selectedCount = 0
    context.edited()
  }

  /// Deletes `count` characters before the cursor; with a selection, only the selection (as `deleteBackward` does).
  public mutating func deleteBackward(count: Int) {
    text = String(wholeTextBeforeCursor.dropLast(selectedCount > 0 ? 0 : count)) + wholeTextAfterCursor
    selectedCount = 0
    context.edited()
  }

  public mutating func moveCursor(by offset: Int) {
    charactersAfterCursor = min(text.count, max(0, charactersAfterCursor - offset))
    selectedCount = 0
    context.edited()
  }
}
