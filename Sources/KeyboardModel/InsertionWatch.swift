import Foundation
import KeyboardChannel
import WordChanges

/// The last insertion and its surroundings, so the user's later edits of it read back as corrections.
public struct InsertionWatch: Sendable, Hashable {
  /// The longest insertion followed, in characters; a longer one is not watched.
  public static let maxCharacters = 1_000
  static let anchorLength = 24

  /// The text as Utter inserted it.
  public private(set) var inserted: String
  let anchorBefore: String
  let anchorAfter: String
  let offset: Int

  /// Watches `inserted`, between `before` and `after`; nil when it is empty or too long to follow.
  public init?(inserted: String, before: String, after: String) {
    guard !inserted.isEmpty, inserted.count <= Self.maxCharacters else { return nil }
    self.inserted = inserted
    anchorBefore = String(before.suffix(Self.anchorLength))
    anchorAfter = String(after.prefix(Self.anchorLength))
    offset = before.count
  }

  /// The watch after Utter itself replaced the inserted text (undo to raw text): the new text is the baseline.
  public func replacing(with text: String) -> InsertionWatch? {
    guard !text.isEmpty, text.count <= Self.maxCharacters else { return nil }
    var copy = self
    copy.inserted = text
    return copy
  }

  /// The inserted span as the field reads now, or nil when it cannot be found again.
  public func span(before: String, after: String) -> String? {
    let field = Array(before + after)
    let start: Int
    if anchorBefore.isEmpty {
      start = 0
    } else {
      let anchor = Array(anchorBefore)
      let ends = occurrences(of: anchor, in: field).map { $0 + anchor.count }
      guard let nearest = ends.min(by: { abs($0 - offset) < abs($1 - offset) }) else { return nil }
      start = nearest
    }
    let end: Int
    if anchorAfter.isEmpty {
      end = field.count
    } else {
      let anchor = Array(anchorAfter)
      guard let found = occurrences(of: anchor, in: field).first(where: { $0 >= start }) else { return nil }
      end = found
    }
    guard end >= start, end - start <= inserted.count * 2 + 40 else { return nil }
    return String(field[start..<end])
  }

  /// The words the user corrected in the span, cut to the channel's limits; none for a rewrite.
  public func corrections(before: String, after: String) -> [CorrectedWords] {
    var found: WordAlignment?
    if let edited = span(before: before, after: after) {
      guard edited != inserted else { return [] }
      found = WordAlignment(heard: inserted, corrected: edited)
    }
    // NB: where iOS shows only the sentence at the cursor, the anchor can be found in the wrong place (a dictation
    // that repeats the text before it): the sentence in view is the other way to find the span.
    if found.map({ $0.isRewrite || $0.substitutions.isEmpty }) ?? true {
      found = sentenceInView(before: before, after: after)
    }
    guard let alignment = found, !alignment.isRewrite else { return [] }
    return alignment.substitutions.prefix(CorrectedWords.maxCount).compactMap { substitution in
      guard substitution.heard.count <= CorrectedWords.maxCharacters,
        substitution.corrected.count <= CorrectedWords.maxCharacters
      else { return nil }
      return CorrectedWords(heard: substitution.heard, corrected: substitution.corrected)
    }
  }

  // NB: where the text before the insertion is out of view, the sentence in view against the closest one.
  func sentenceInView(before: String, after: String) -> WordAlignment? {
    var visible = before + after
    if !anchorAfter.isEmpty, let cut = visible.range(of: anchorAfter, options: .backwards) {
      visible = String(visible[..<cut.lowerBound])
    }
    let edited = visible.trimmingCharacters(in: .whitespaces)
    guard !edited.isEmpty else { return nil }
    return Self.sentences(of: inserted)
      .filter { $0 != edited }
      .map { WordAlignment(heard: $0, corrected: edited) }
      .filter { !$0.isRewrite && !$0.substitutions.isEmpty && $0.changedWordCount < $0.heardWordCount }
      .min { $0.changedWordCount < $1.changedWordCount }
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

  private func occurrences(of needle: [Character], in haystack: [Character]) -> [Int] {
    guard !needle.isEmpty, needle.count <= haystack.count else { return [] }
    return (0...(haystack.count - needle.count)).filter { start in
      haystack[start..<(start + needle.count)].elementsEqual(needle)
    }
  }
}
