import Foundation

/// Words the user changed in text Utter inserted: only these are learned from, never the rest of the field.
public struct CorrectedWords: Codable, Sendable, Hashable {
  /// The most corrections learned from one edit, and the longest form (in characters) of each.
  public static let maxCount = 16
  public static let maxCharacters = 64

  /// The words as Utter inserted them, e.g. `Shivor`.
  public var heard: String
  /// The words the user left in their place, e.g. `Siobhan`.
  public var corrected: String
  /// Whether the audio, read again, wrote the corrected words (nil: not judged).
  public var heardInAudio: Bool?
  /// The words heard next to the corrected ones, in lower case.
  public var context: [String]?

  public init(heard: String, corrected: String, heardInAudio: Bool? = nil, context: [String]? = nil) {
    self.heard = heard
    self.corrected = corrected
    self.heardInAudio = heardInAudio
    self.context = context
  }

  /// The words the user changed in `inserted`: `edited` is the inserted span as the field reads now (nil when it
  /// could not be found again), `inView` the text around the cursor; none for a rewrite.
  public static func found(inserted: String, edited: String?, inView: String) -> [CorrectedWords] {
    var found: WordAlignment?
    if let edited {
      guard edited != inserted else { return [] }
      found = WordAlignment(heard: inserted, corrected: edited)
    }
    // NB: where iOS shows only the sentence at the cursor, the span can be found in the wrong place (a dictation
    // that repeats the text before it), or not at all: the sentence in view against the closest one inserted.
    if found.map({ $0.isRewrite || $0.substitutions.isEmpty }) ?? true {
      let edited = inView.trimmingCharacters(in: .whitespaces)
      found = sentences(of: inserted).filter { !edited.isEmpty && $0 != edited }
        .map { WordAlignment(heard: $0, corrected: edited) }
        .filter { !$0.isRewrite && !$0.substitutions.isEmpty && $0.changedWordCount < $0.heardWordCount }
        .min { $0.changedWordCount < $1.changedWordCount }
    }
    guard let alignment = found, !alignment.isRewrite else { return [] }
    return alignment.substitutions.prefix(maxCount).compactMap { substitution in
      guard substitution.heard.count <= maxCharacters, substitution.corrected.count <= maxCharacters else { return nil }
      return CorrectedWords(heard: substitution.heard, corrected: substitution.corrected)
    }
  }

  static func sentences(of text: String) -> [String] {
    var sentences: [String] = []
    var current = ""
    var previous: Character = " "
    for character in text {
      if character == "\n" || (character == " " && ".!?".contains(previous)) {
        sentences.append(current)
        current = ""
      } else {
        current.append(character)
      }
      previous = character
    }
    sentences.append(current)
    return sentences.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }
}
