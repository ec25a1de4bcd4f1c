import DictationValues

/// What a keyboard's text document proxy reveals of the field around the cursor.
///
/// iOS gives a keyboard extension only the text near the cursor (`UITextDocumentProxy.documentContextBeforeInput` and
/// `documentContextAfterInput`), typically back to the start of the sentence or the line, and some apps give less
/// (or nothing) past a size: KeyboardKit issues #281
/// (https://github.com/KeyboardKit/KeyboardKit/issues/281, "only gives you a little text, typically up to the next
/// sentence or line"), #548 (https://github.com/KeyboardKit/KeyboardKit/issues/548, half a multi-paragraph text, "a
/// limitation in the native keyboard extension framework") and #584. Apple documents no guarantee or length at all
/// (https://developer.apple.com/documentation/uikit/uitextdocumentproxy). The context is also updated
/// asynchronously: the proxy talks to the app over IPC, so after `insertText` or `deleteBackward` it shows the old
/// text until the next turn of the run loop (`TextProxyContext.Update`; Keyman measured it,
/// https://github.com/keymanapp/keyman/issues/10204).
///
/// The simulated field gives exactly this window; a keyboard that needs more must rely on what it inserted itself.
public enum TextProxyContext {
  /// The most characters revealed on either side of the cursor (an app may give fewer, or none).
  public static let maxCharacters = 160

  /// What the proxy reveals before the cursor, given everything before it: never past a line break, back to the
  /// start of the sentence the cursor is in (a sentence just ended, with only spaces after it, still shows), at most
  /// `maxCharacters`.
  public static func before(_ textBeforeCursor: String) -> String {
    let line = Array(textBeforeCursor.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
    var end = line.count
    while end > 0, line[end - 1] == " " || line[end - 1] == "\t" { end -= 1 }
    var start = 0
    // The last sentence end before the sentence the cursor is in: a terminator followed by a space.
    var index = end - 2
    while index >= 0 {
      if isTerminator(line[index]), line[index + 1] == " " || line[index + 1] == "\t" {
        start = index + 1
        while start < line.count, line[start] == " " || line[start] == "\t" { start += 1 }
        break
      }
      index -= 1
    }
    return String(line[start...].suffix(maxCharacters))
  }

  /// What the proxy reveals after the cursor: up to the end of the sentence the cursor is in (its terminator
  /// included) or the line, at most `maxCharacters`.
  public static func after(_ textAfterCursor: String) -> String {
    var revealed = ""
    for character in textAfterCursor.prefix(maxCharacters) {
      if character == "\n" { break }
      revealed.append(character)
      if isTerminator(character), revealed.contains(where: { $0.isLetter || $0.isNumber }) { break }
    }
    return revealed
  }

  /// What the proxy reveals of a selection (`UITextDocumentProxy.selectedText`): all of it up to three sentences;
  /// of a longer one only its first and last sentence, with nothing to show the middle is missing. Measured by
  /// KeyboardKit's users: https://github.com/KeyboardKit/KeyboardKitPro/issues/2 ("if the selectedText is longer
  /// than three sentences, it'd return only the first and the last sentences"), and
  /// https://github.com/KeyboardKit/KeyboardKit/issues/952 (no range is given, so the whole cannot be read).
  public static func selection(_ selected: String) -> String {
    let sentences = FieldContext.sentences(selected)
    guard sentences.count > 3, let first = sentences.first, let last = sentences.last else { return selected }
    return first + last
  }

  static func isTerminator(_ character: Character) -> Bool {
    character == "." || character == "!" || character == "?"
  }
}
