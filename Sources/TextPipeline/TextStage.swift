import DictationValues

/// One step of the deterministic clean-up: reads and edits a document in place.
public protocol TextStage: Sendable {
  /// A short name for traces and benchmarks, e.g. `fillers`.
  var name: String { get }
  /// Edits `document`; `context` is the text already before the cursor.
  func apply(_ document: inout TextDocument, context: FieldContext)
  /// Whether the stage reads English words (fillers, repair markers, spoken marks, number words): it is skipped
  /// for text in another language, where those words mean something else or nothing.
  var readsEnglishWords: Bool { get }
}

extension TextStage {
  public var readsEnglishWords: Bool { false }
  /// Whether the stage is a voice command, skipped in fields that take none (`FieldContext.takesVoiceCommands`).
  var isVoiceCommand: Bool { self is SpokenReturn || self is IdentifierCasing || self is SpokenEmoji }
}

extension FillerRemoval { public var readsEnglishWords: Bool { true } }
extension CourseCorrection { public var readsEnglishWords: Bool { true } }
extension SpokenPunctuation { public var readsEnglishWords: Bool { true } }
extension NumberFormatting { public var readsEnglishWords: Bool { true } }

extension FieldContext {
  /// Whether the voice commands run for this field: not where they would surprise, a field for an address, a
  /// number or a phone number, whose text is never a message to send.
  public var takesVoiceCommands: Bool {
    let kinds: Set<String> = ["url", "numberpad", "phonepad", "decimalpad", "asciicapablenumberpad", "emailaddress"]
    return !kinds.contains((keyboardType ?? "").lowercased()) && !kinds.contains((contentType ?? "").lowercased())
  }

  /// Whether the text is English as far as the clean-up knows: the field's language says so, or says nothing.
  var isEnglish: Bool {
    guard let tag = LanguageChoice(language).tag else { return true }
    return tag.lowercased().hasPrefix("en")
  }
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
  /// Voice commands: "press enter" at the end, spoken emoji, identifier casing (`FieldContext.takesVoiceCommands`).
  case returnKey = "return-key"
  case emoji
  case casing
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
