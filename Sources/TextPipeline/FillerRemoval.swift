import DictationValues

/// Removes hesitations ("um", "uh", "err" but not the verb in "err on the side of caution", a cut-off "Mm-") and
/// filler phrases ("you know", "I mean", "like", "basically") with the commas the engine put around them, keeping
/// the same words where they carry meaning ("I like it"); the comma a greeting or an interjection takes stays
/// ("Well, um, that's fine" and "Hello um, world" → "Well, that's fine", "Hello, world"). A phrase set off by commas
/// is a filler; one said without pauses is a filler when the words around it say so (the rule is in
/// `FillerRemoval+Discourse.swift`).
public struct FillerRemoval: TextStage {
  public let name = "fillers"

  /// Phrases that are fillers only when set off by punctuation or the edges of a sentence.
  static let phrases: [[String]] = [["you", "know"], ["i", "mean"], ["like"], ["you", "see"], ["basically"]]

  /// Words a comma rightly follows: a greeting, an answer or an interjection ("Hey, quick question", "Well,
  /// that's fine"); a filler removed after one leaves that comma ("Hello um, world" → "Hello, world").
  static let greetings: Set<String> = [
    "hey", "hi", "hello", "thanks", "okay", "ok", "yes", "yeah", "no", "sure", "sorry", "oh", "right", "well",
    "actually", "anyway", "honestly", "alright",
  ]

  /// Words before "err" that make it the verb ("to err is human", "we err on the side of caution").
  static let errSubjects: Set<String> = [
    "to", "i", "we", "you", "they", "people", "may", "might", "can", "could", "would", "will", "should", "often",
    "sometimes", "always", "never", "rather", "not", "did", "do", "don't", "does", "better", "humans",
  ]

  /// Words engines use to describe a sound in parentheses: "(coughs)", "(clears throat)", "(laughter)".
  static let soundWords: Set<String> = [
    "cough", "coughs", "coughing", "laugh", "laughs", "laughing", "laughter", "sigh", "sighs", "applause",
    "music", "silence", "inaudible", "crosstalk", "noise", "throat", "breathing", "breath", "sniffs", "sniffing",
    "static", "beep", "beeping", "indistinct", "mumbles", "mumbling", "typing", "clapping", "chuckles", "sneezes",
  ]

  /// A stage that removes fillers.
  public init() {}

  public func apply(_ document: inout TextDocument, context: FieldContext) {
    removeSoundTags(from: &document)
    document.editInBlocks { block in removeFillers(from: &block) }
  }

  /// Removes fillers from one block of the document.
  private func removeFillers(from document: inout TextDocument) {
    var i = 0
    while i < document.tokens.count {
      guard let length = fillerLength(at: i, in: document) else {
        i += 1
        continue
      }
      // A run of fillers ("um, you know,") goes as one, so the commas between them go too.
      var end = i + length
      while true {
        let next = end < document.tokens.count && document.tokens[end].text == "," ? end + 1 : end
        guard next < document.tokens.count, let more = fillerLength(at: next, in: document) else { break }
        end = next + more
      }
      removeFiller(i..<end, from: &document)
    }
  }

  /// The length of the hesitation or filler phrase at `index`, if there is one.
  private func fillerLength(at index: Int, in document: TextDocument) -> Int? {
    guard document.tokens[index].isWord else { return nil }
    if Self.isHesitation(document.tokens[index].text), !isUnit(at: index, in: document),
      !isCapitalisedName(at: index, in: document), !isVerbErr(at: index, in: document)
    {
      return 1
    }
    return fillerPhraseLength(at: index, in: document) ?? discourseFillerLength(at: index, in: document)
  }

  /// Whether `word` is a hesitation sound: um, umm, uh, uhm, erm, er, err, ah, hmm, mm…, also cut off ("Mm-").
  static func isHesitation(_ word: String) -> Bool {
    // "Mm-", "Um-": a hum broken off is still a hum; "mm-hmm" and "uh-huh" (yes) are words.
    if word.count >= 3, word.last == "-" { return isHesitation(String(word.dropLast())) }
    let count = word.count
    guard count >= 2, count <= 6 else { return false }
    let lower = word.lowercased()
    // "ER" or "AH" in capitals are abbreviations; "UM", "UH", "UHM" and "HMM" are only ever sounds.
    if word.allSatisfy({ $0.isUppercase }) && !["um", "uh", "uhm", "umm", "hmm"].contains(lower) { return false }
    switch lower {
    case "er", "err", "errr", "erm", "errm", "ehm", "uhm", "umm", "uhh", "hmm", "ahh", "hmmm", "ummm", "uhhh", "mhm":
      return true
    default: break
    }
    return matches(lower, "u", "m") || matches(lower, "u", "h") || matches(lower, "a", "h")
      || matches(lower, "h", "m") || (lower.allSatisfy { $0 == "m" })
  }

  /// Whether `word` is one or more `first` followed by one or more `second` ("ummm").
  private static func matches(_ word: String, _ first: Character, _ second: Character) -> Bool {
    guard word.first == first, word.last == second else { return false }
    var seenSecond = false
    for c in word {
      if c == second {
        seenSecond = true
      } else if c != first || seenSecond {
        return false
      }
    }
    return true
  }

  /// Whether a word in capitals stands where a name does ("studied at UM", "a letter from UH").
  private func isCapitalisedName(at index: Int, in document: TextDocument) -> Bool {
    let word = document.tokens[index].text
    guard word.allSatisfy({ $0.isUppercase }), index > 0, document.tokens[index - 1].isWord else { return false }
    return ["at", "from", "to", "in", "of", "for", "with", "the"].contains(document.tokens[index - 1].lower)
  }

  /// Whether the word at `index` is the verb "err": after "to", a subject or a modal ("to err is human", "we may
  /// err"), or before "on" or "in" ("err on the side of caution").
  private func isVerbErr(at index: Int, in document: TextDocument) -> Bool {
    let tokens = document.tokens
    guard tokens[index].lower == "err" else { return false }
    if index + 1 < tokens.count, tokens[index + 1].isWord,
      ["on", "in", "toward", "towards"].contains(tokens[index + 1].lower)
    {
      return true
    }
    return index > 0 && tokens[index - 1].isWord && Self.errSubjects.contains(tokens[index - 1].lower)
  }

  /// Whether the word at `index` is "mm" after a number ("5 mm" is a unit, not a hum).
  private func isUnit(at index: Int, in document: TextDocument) -> Bool {
    guard index > 0, document.tokens[index].lower == "mm" else { return false }
    let previous = document.tokens[index - 1].text
    return !previous.isEmpty && previous.allSatisfy { $0.isNumber || $0 == "." || $0 == "," }
  }

  /// The length of a filler phrase starting at `index`, when it is set off from the sentence.
  private func fillerPhraseLength(at index: Int, in document: TextDocument) -> Int? {
    let tokens = document.tokens
    for phrase in Self.phrases {
      let end = index + phrase.count
      guard end <= tokens.count else { continue }
      var matched = true
      for (offset, word) in phrase.enumerated()
      where !(tokens[index + offset].isWord && tokens[index + offset].lower == word) {
        matched = false
        break
      }
      guard matched else { continue }
      let before = index > 0 ? tokens[index - 1] : nil
      let after = end < tokens.count ? tokens[end] : nil
      let openLeft = before == nil || before?.separatesClauses == true || before?.kind == .opening
      let openRight = after == nil || after?.separatesClauses == true
      guard openLeft, openRight else { continue }
      let sentenceStart = before == nil || before?.endsSentence == true || before?.kind == .lineBreak
      let sentenceEnd = after == nil || after?.endsSentence == true || after?.kind == .lineBreak
      // "You know?" or "I mean." on its own is what the user said, not a filler.
      if sentenceStart && sentenceEnd { continue }
      // "If you know, you know": the phrase said again after a comma is the saying itself.
      if index >= 3, before?.text == ",",
        phrase.indices.allSatisfy({
          tokens[index - 1 - phrase.count + $0].isWord && tokens[index - 1 - phrase.count + $0].lower == phrase[$0]
        })
      {
        continue
      }
      // "Basically, yes." answers; "Basically, we need more time" opens a clause with a filler.
      if phrase == ["basically"], !opensClause(at: end + (after?.text == "," ? 1 : 0), in: tokens) { continue }
      // "tomorrow, I mean, Friday." swaps one word for another: a correction, left to that stage.
      if phrase == ["i", "mean"], before?.text == ",", after?.text == ",",
        isShortSwap(around: index, end: end, in: tokens)
      {
        continue
      }
      return phrase.count
    }
    return nil
  }

  /// Whether ", I mean," stands between a content word and one or two words that end the clause.
  private func isShortSwap(around index: Int, end: Int, in tokens: [TextToken]) -> Bool {
    guard index >= 2, tokens[index - 2].isWord, !WordLists.functionWords.contains(tokens[index - 2].lower) else {
      return false
    }
    var words = 0
    var j = end + 1
    while j < tokens.count, tokens[j].isWord {
      words += 1
      j += 1
    }
    return (1...2).contains(words)
  }

  /// Removes descriptions of sound the engine wrote between brackets ("[background noise]", "(coughs)"): at this
  /// stage every bracket is the engine's, since spoken brackets are written later. Parentheses count only
  /// around one to three lower-case words.
  private func removeSoundTags(from document: inout TextDocument) {
    var i = 0
    var kept: [TextToken] = []
    let tokens = document.tokens
    var removedAny = false
    while i < tokens.count {
      let open = tokens[i].text
      if open == "[" || open == "(", let close = tokens[(i + 1)...].firstIndex(where: { !$0.isWord }),
        tokens[close].text == (open == "[" ? "]" : ")")
      {
        let words = tokens[(i + 1)..<close]
        let isTag =
          open == "["
          ? !words.isEmpty && words.count <= 6
          : (1...3).contains(words.count) && words.contains { Self.soundWords.contains($0.lower) }
        if isTag {
          let tag = tokens[i...close].map(\.text).joined(separator: " ")
          document.reasons.append("'\(tag)': a sound the engine described, not words")
          i = close + 1
          removedAny = true
          continue
        }
      }
      kept.append(tokens[i])
      i += 1
    }
    guard removedAny else { return }
    document.tokens = kept
    for index in document.tokens.indices { document.normalizeSpacing(at: index) }
  }

  /// Removes the filler words in `range` and the commas that set them off.
  private func removeFiller(_ range: Range<Int>, from document: inout TextDocument) {
    var lower = range.lowerBound
    var upper = range.upperBound
    let tokens = document.tokens
    let commaAfter = upper < tokens.count && tokens[upper].text == ","
    if commaAfter { upper += 1 }
    if lower > 0, tokens[lower - 1].text == "," {
      let after = upper < tokens.count ? tokens[upper] : nil
      // "Hey, um, quick question" keeps the comma after a greeting; "So, um, we" drops both.
      let afterGreeting = lower >= 2 && Self.greetings.contains(tokens[lower - 2].lower) && commaAfter
      if !afterGreeting && (commaAfter || after == nil || after?.separatesClauses == true) { lower -= 1 }
    } else if commaAfter, lower > 0, tokens[lower - 1].isWord, Self.greetings.contains(tokens[lower - 1].lower),
      upper < tokens.count, tokens[upper].isWord
    {
      // "Hello um, world": the pause after the filler was the greeting's comma, and stays ("Hello, world").
      upper -= 1
    }
    // "Um, so…" at the start of the text or a sentence leaves no stray comma.
    let words = document.tokens[range].filter(\.isWord).map(\.lower)
    let setOff =
      (range.lowerBound == 0 || !tokens[range.lowerBound - 1].isWord)
      && (range.upperBound == tokens.count || !tokens[range.upperBound].isWord)
    let why =
      words.count == 1 && Self.isHesitation(words[0])
      ? "a hesitation sound"
      : setOff
        ? "a filler phrase set off from the sentence"
        : "a filler phrase, as the words around it show (no meaning there)"
    document.remove(lower..<upper, because: why)
  }
}
