import DictationValues

/// One step of the deterministic clean-up: reads and edits a document in place.
public protocol TextStage: Sendable {
  /// A short name for traces and benchmarks, e.g. `fillers`.
  var name: String { get }
  /// Edits `document`; `context` is the text already before the cursor.
  func apply(_ document: inout TextDocument, context: FieldContext)
}

extension TextStage {
  /// Runs this stage alone on `text` and returns the text it writes.
  public func apply(to text: String, context: FieldContext = FieldContext()) -> String {
    var document = TextDocument(parsing: text)
    apply(&document, context: context)
    return document.text
  }
}

/// The stages of the pipeline, in the order they run; used to switch stages on and off.
public enum TextStageKind: String, Sendable, Codable, CaseIterable, Hashable {
  case fillers
  case repetitions
  case corrections
  case spokenPunctuation = "spoken-punctuation"
  case numbers
  case sentences
  case dictionary
  case snippets
  case style
  case insertion
}

extension FieldContext {
  /// The last visible character before the cursor on the same line, if any: what a leading mark such as a
  /// dictated lone "comma" attaches to.
  var precedingCharacter: Character? {
    guard let last = textBeforeCursor.last(where: { !$0.isWhitespace || $0.isNewline }), !last.isNewline else {
      return nil
    }
    return last
  }

  /// Whether the text before the cursor ends with a word or mark that a leading mark can follow.
  var continuesText: Bool {
    guard let character = precedingCharacter else { return false }
    return character.isLetter || character.isNumber || ",;:.?!)]}\"”’'".contains(character)
  }
}
