import WordMatching

/// A word or phrase the engine wrote where the user meant a term they then taught Utter by correcting it (`Sivor`
/// for Siobhan, `I am` for Niamh), with the words heard next to it. Every transcription gets the learned forms, so
/// that audio in which the engine writes one again is read again with the term (`VoicedTranscription.decode`).
public struct LearnedForm: Sendable, Hashable, Codable {
  /// What the engine wrote, e.g. `I am`.
  public var heard: String
  /// What the user wrote instead, e.g. `Niamh`.
  public var term: String
  /// The words next to the heard form when it was corrected, in lower case (`and`, `before`).
  public var context: [String]
  /// Whether the heard form is an ordinary phrase ("I am", "the end"): it is then only read again next to a word
  /// of its context, and only the audio can make it the term.
  public var guarded: Bool

  public init(heard: String, term: String, context: [String] = [], guarded: Bool) {
    self.heard = heard
    self.term = term
    self.context = context.map { WordAlignment.matchKey($0) }.filter { !$0.isEmpty }
    self.guarded = guarded
  }
}

/// How the learned forms steer a second reading of the audio, and how that reading is trusted.
public enum LearnedForms {
  /// `text` with each learned heard form written as its term where it may be one (anywhere for a form that is no
  /// ordinary phrase; next to a word of its context for one that is), and the forms so written. The engine reads
  /// the audio again with this text as its prompt: a prompt that says the term is what makes Whisper write a name
  /// whose spelling does not follow its sound.
  public static func prompt(for text: String, forms: [LearnedForm]) -> (text: String, used: [LearnedForm]) {
    guard !forms.isEmpty else { return (text, []) }
    var tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
    var keys = tokens.map(WordAlignment.matchKey)
    let patterns = forms.map { form in (form, WordAlignment.words(form.heard).map(WordAlignment.matchKey)) }
      .filter { !$0.1.isEmpty }
      .sorted { $0.1.count > $1.1.count }
    var used: [LearnedForm] = []
    var index = 0
    while index < tokens.count {
      var advanced = false
      for (form, words) in patterns where index + words.count <= tokens.count {
        guard Array(keys[index..<(index + words.count)]) == words else { continue }
        if form.guarded {
          let before = index > 0 ? keys[index - 1] : ""
          let after = index + words.count < keys.count ? keys[index + words.count] : ""
          guard form.context.contains(before) || form.context.contains(after) else { continue }
        }
        // NB: the punctuation after the heard form stays after the term ("Sivor," → "Siobhan,").
        let last = tokens[index + words.count - 1]
        let trailing = String(last.reversed().prefix { !$0.isLetter && !$0.isNumber }.reversed())
        tokens.replaceSubrange(index..<(index + words.count), with: [form.term + trailing])
        keys.replaceSubrange(index..<(index + words.count), with: [WordAlignment.matchKey(form.term)])
        if !used.contains(form) { used.append(form) }
        index += 1
        advanced = true
        break
      }
      if !advanced { index += 1 }
    }
    return (tokens.joined(separator: " "), used)
  }

  /// Which of `corrections` (heard → corrected, in a dictation whose engine text was `text`) the audio bears out:
  /// read again with the corrected text as its prompt, the engine writes the corrected words there.
  public static func heardInAudio(
    text: String, corrections: [(heard: String, corrected: String)], reread: (String) async throws -> String
  ) async rethrows -> [Bool] {
    let forms = corrections.map { LearnedForm(heard: $0.heard, term: $0.corrected, guarded: false) }
    let (prompt, used) = Self.prompt(for: text, forms: forms)
    guard !used.isEmpty else { return corrections.map { _ in false } }
    let again = try await reread(prompt)
    let written = Set(WordAlignment.words(again).map(WordAlignment.matchKey))
    let spelled = WordAlignment.words(again).map(WordAlignment.matchKey).joined(separator: " ")
    return forms.map { form in
      guard used.contains(form) else { return false }
      let term = WordAlignment.words(form.term).map(WordAlignment.matchKey)
      return term.count == 1 ? written.contains(term[0]) : spelled.contains(term.joined(separator: " "))
    }
  }

  /// Where the words of `phrase` start among the words of `text` (by letters, case aside), if they are there.
  public static func position(of phrase: String, in text: String) -> Int? {
    let words = WordAlignment.words(text).map(WordAlignment.matchKey)
    let wanted = WordAlignment.words(phrase).map(WordAlignment.matchKey)
    guard !wanted.isEmpty, wanted.count <= words.count else { return nil }
    return (0...(words.count - wanted.count)).last { Array(words[$0..<($0 + wanted.count)]) == wanted }
  }

  /// The words just before and after `phrase` in `text`, in lower case.
  public static func neighbours(of phrase: String, in text: String) -> [String] {
    let words = WordAlignment.words(text).map(WordAlignment.matchKey)
    guard let start = position(of: phrase, in: text) else { return [] }
    let end = start + WordAlignment.words(phrase).count
    return [start > 0 ? words[start - 1] : nil, end < words.count ? words[end] : nil].compactMap { $0 }
  }
}
