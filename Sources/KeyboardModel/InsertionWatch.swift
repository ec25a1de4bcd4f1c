import Foundation
import KeyboardChannel
import WordChanges

/// The text Utter inserted last, and a little of what surrounded it, so that the user's later edits of that span
/// (with Utter's keys or another keyboard) can be read back as corrections. Only the inserted span and its edited
/// form are ever compared or reported, never the rest of the field.
public struct InsertionWatch: Sendable, Hashable {
  /// The longest insertion followed, in characters; a longer one is not watched.
  public static let maxCharacters = 1_000
  /// How much of the text on each side of the insertion locates it again.
  static let anchorLength = 24

  /// The text as Utter inserted it.
  public private(set) var inserted: String
  /// The end of the text before the insertion.
  let anchorBefore: String
  /// The start of the text after the insertion.
  let anchorAfter: String
  /// How many characters preceded the insertion in the context it was read from.
  let offset: Int

  /// Watches `inserted`, placed between `before` and `after` (the field's text around the cursor at the time);
  /// nil when it is empty or too long to follow.
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

  /// The inserted span as the field reads now (`before` and `after` the cursor), or nil when it cannot be found
  /// again: the text around it changed, or the span grew far beyond what was inserted.
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

  /// The words the user corrected in the span, ready for the channel: none when the span is gone, unchanged or
  /// rewritten, and each form cut to the channel's limits.
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

  /// Where iOS shows only the sentence around the cursor (`TextProxyContext`), so that the text before the
  /// insertion is out of view: the sentence in view (up to the text that followed the insertion) against the
  /// insertion's sentence it matches best, when the user changed a few words of it.
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

  /// `text` cut into sentences (after `.`, `!` or `?` and a space, and at line breaks), trimmed.
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
