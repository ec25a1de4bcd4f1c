import DictationValues

/// Collapses stutters: repeated words ("the the"), false starts ("th- the", "ch che check", "wh wh what"), a pronoun
/// repeated before its contraction ("I I'm") and a number word said again before what it counts ("two two
/// tickets"), keeping grammatical doubles ("had had"), emphasis ("very very") and digits said one by one ("five five
/// five one two three four"). A word's beginning said before it is a false start when it is two or more broken
/// pieces ("cont cont continue"), one piece with no vowel ("wh what") or one lower-case letter ("this n new slip");
/// a piece that is a word ("the theory", "car carpet") or a letter used as one ("the letter n", "plan B") stays.
public struct RepetitionRemoval: TextStage {
  public let name = "repetitions"

  /// Doubles that are grammatical; a third repeat is still a stutter.
  static let grammaticalDoubles: Set<String> = ["had", "that", "is", "do", "was", "in", "on"]
  /// Words people repeat on purpose; never collapsed.
  static let emphasis: Set<String> = [
    "very", "really", "so", "much", "many", "no", "yes", "yeah", "bye", "ha", "haha", "blah", "knock",
    "there", "now", "well", "tut", "chop", "yada", "far", "long", "more", "again", "please", "go", "hip",
    "ho", "la", "na", "oh", "wow", "come", "quick", "fast", "slowly", "over", "round", "ok", "okay",
  ]
  /// Short words whose repeat across a comma ("I, I think") is still a stutter.
  static let commaStutters: Set<String> = [
    "i", "the", "a", "an", "to", "and", "we", "it", "is", "that", "but", "you", "he", "she", "they", "in",
    "of", "on", "my", "if", "what", "this",
  ]

  /// Spoken numbers: a repeat is a digit or a year said again ("five five five", "twenty twenty six"), never a
  /// stutter.
  static let numberWords: Set<String> = [
    "zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand", "million",
    "billion", "double", "triple",
  ]
  /// Words read out as symbols later ("dot dot dot", "dash dash force", "new line new line"): every one counts.
  static let spokenSymbols: Set<String> = [
    "dot", "dash", "hyphen", "slash", "backslash", "star", "hash", "underscore", "period", "comma", "colon",
    "semicolon", "new", "line", "paragraph", "tab", "space", "plus", "minus", "equals", "quote", "bullet",
  ]
  /// Words after which a repeated word starts a new clause, so "so I, I think" is a stutter but "I tested it, it
  /// works" is not.
  static let clauseOpeners: Set<String> = [
    "and", "but", "so", "because", "then", "well", "or", "if", "when", "like", "um", "uh", "okay", "yeah",
  ]
  /// Words that trail off when repeated at the end of a dictation ("…and so so so").
  static let trailingStutters: Set<String> = ["so", "and", "but", "or", "then", "because", "like"]

  /// Pronouns that stutter before their contraction ("I I'm").
  static let pronouns: Set<String> = ["i", "we", "you", "they", "he", "she", "it"]

  /// A stage that collapses stutters.
  public init() {}

  public func apply(_ document: inout TextDocument, context: FieldContext) {
    document.editInBlocks { block in collapse(&block) }
  }

  /// Collapses the stutters of one block of the document.
  private func collapse(_ document: inout TextDocument) {
    var i = 0
    while i < document.tokens.count {
      if let pieces = brokenPieces(at: i, in: document.tokens) {
        document.remove(pieces, because: "the start of a word broken off before the word (a stutter)")
        continue
      }
      if let repeats = repeatedNumber(at: i, in: document.tokens) {
        document.remove(repeats, because: "a number word said again in a row (a stutter): one number")
        continue
      }
      if let stutter = stutter(at: i, in: document) {
        let why =
          document.tokens[stutter].lower.hasSuffix("-")
          ? "a false start" : "the same word said again in a row (a stutter)"
        document.remove(stutter..<(stutter + 1), because: why)
        continue
      }
      if let commaEnd = commaStutter(at: i, in: document) {
        document.remove(i..<commaEnd, because: "a word repeated across a pause that opens its clause")
        continue
      }
      if repeatsPair(at: i, in: document) {
        document.remove((i + 2)..<(i + 4), because: "two words said twice in a row")
        continue
      }
      i += 1
    }
  }

  /// The pieces of a word said before the word itself ("ch che" before "check"), when they are a stutter.
  private func brokenPieces(at index: Int, in tokens: [TextToken]) -> Range<Int>? {
    // NB: most words are no piece of the next one; that is checked first, as it is the cheapest test.
    guard tokens[index].isWord, index + 1 < tokens.count, tokens[index + 1].isWord,
      tokens[index + 1].lower.utf8.first == tokens[index].lower.utf8.first,
      tokens[index + 1].lower.hasPrefix(tokens[index].lower)
    else { return nil }
    let piece = tokens[index].lower
    guard Self.isPiece(piece) else { return nil }
    // The word is the furthest of the next four that every word before it begins ("ch che" → "check").
    var end: Int?
    var j = index + 1
    while j < tokens.count, j - index <= 4, tokens[j].isWord {
      let word = tokens[j].lower
      if word.count >= 3, word.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "’" }),
        tokens[index..<j].allSatisfy({ word.count > $0.lower.count && word.hasPrefix($0.lower) })
      {
        end = j
      }
      guard Self.isPiece(word) else { break }
      j += 1
    }
    guard let end else { return nil }
    let pieces = tokens[index..<end]
    // "Dr Drake", "TV TVs": an abbreviation or a word in capitals is no broken piece.
    guard
      pieces.allSatisfy({
        !WordLists.isAbbreviation($0.lower) && !($0.text.count > 1 && $0.text.allSatisfy(\.isUppercase))
      })
    else { return nil }
    if pieces.count == 1 {
      if piece.count == 1 { return isLetterStutter(at: index, in: tokens) ? index..<end : nil }
      return piece.count >= 2 && !piece.contains(where: { "aeiouy".contains($0) }) ? index..<end : nil
    }
    // "the the theory", "car car carpet": a repeated word, which the rule for repeats keeps once.
    return pieces.contains(where: { WordLists.commonWords.contains($0.lower) }) ? nil : index..<end
  }

  /// Spoken marks a letter is typed against ("c colon", "x dot com"); "new" is a word as often as "new line".
  static let spokenMarks: Set<String> = spokenSymbols.subtracting(["new", "line", "paragraph", "tab", "space"])

  /// Words after which a single letter is a name, not a slip: "the letter n", "plan b", "vitamin d", "a b".
  static let letterNames: Set<String> = [
    "letter", "letters", "vitamin", "plan", "type", "grade", "option", "section", "part", "row", "column", "key",
    "press", "variable", "the", "a", "an", "size", "class", "model", "version", "point", "team", "group", "level",
    "floor", "block", "zone", "wing", "note", "chord", "word", "called", "named", "spell", "spelled", "initial",
    "capital", "lowercase", "uppercase", "small", "big", "and", "or", "to", "from", "than", "minus", "plus", "times",
  ]

  /// Whether the single lower-case letter at `index` is the first sound of the next word said before it ("this n
  /// new slip", "as in f from the sentence"). A letter in capitals ("plan B"), a word ("a", "I", "o", "u"), a
  /// letter after a word that names one ("the letter n", "vitamin d") or a number (a unit: "5 m") stays.
  private func isLetterStutter(at index: Int, in tokens: [TextToken]) -> Bool {
    let letter = tokens[index].text
    guard letter.count == 1, let character = letter.first, character.isASCII, character.isLowercase,
      !"aiou".contains(character)
    else { return false }
    // "c colon backslash", "i o s sixteen": a letter spelled out or before a spoken mark or number is a letter.
    let next = tokens[index + 1].lower
    if Self.spokenMarks.contains(next) || Self.numberWords.contains(next) { return false }
    guard index > 0, tokens[index - 1].isWord else { return true }
    let previous = tokens[index - 1].lower
    if previous.count == 1 || previous.first?.isNumber == true || SpokenNumbers.isNumberWord(previous) {
      return false
    }
    return !Self.letterNames.contains(previous)
  }

  /// Whether `word` may be the broken start of a longer word: a few letters, not a number or a spoken symbol.
  private static func isPiece(_ word: String) -> Bool {
    (1...5).contains(word.count) && word.allSatisfy(\.isLetter) && !numberWords.contains(word)
      && !spokenSymbols.contains(word) && SpokenUnits.written[word] == nil
  }

  /// The repeats of one number word said as a stutter, to remove: "two two tickets" is two tickets, and five or
  /// more in a row alone are one number, not a figure of that many digits. Digits said one by one before other
  /// digits ("five five five one two") or alone ("call nine nine nine") stay.
  private func repeatedNumber(at index: Int, in tokens: [TextToken]) -> Range<Int>? {
    let word = tokens[index].lower
    guard tokens[index].isWord, index + 1 < tokens.count, tokens[index + 1].lower == word,
      SpokenNumbers.digits[word] != nil || SpokenNumbers.isNumberWord(word)
    else { return nil }
    if index > 0, tokens[index - 1].isWord, SpokenNumbers.isNumberWord(tokens[index - 1].lower) { return nil }
    var end = index + 1
    while end < tokens.count, tokens[end].isWord, tokens[end].lower == word { end += 1 }
    let count = end - index
    guard count >= 2 else { return nil }
    let next = end < tokens.count && tokens[end].isWord ? tokens[end].lower : nil
    if let next,
      SpokenNumbers.digits[next] != nil || SpokenNumbers.isNumberWord(next) || Self.numberWords.contains(next)
        || next == "point" || next == "and"
    {
      return nil
    }
    guard count >= 5 || next.map(Self.isCountedNoun) == true else { return nil }
    return (index + 1)..<end
  }

  /// Whether `word` names what a number counts, in the plural: "tickets", "people".
  private static func isCountedNoun(_ word: String) -> Bool {
    if ["people", "children", "men", "women", "kids", "feet", "percent"].contains(word) { return true }
    return word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") && !WordLists.commonWords.contains(word)
      && word.allSatisfy(\.isLetter)
  }

  /// The index of a stuttered word to remove, found by comparing the word at `index` with the next one.
  private func stutter(at index: Int, in document: TextDocument) -> Int? {
    let tokens = document.tokens
    let token = tokens[index]
    guard token.isWord else { return nil }
    let lower = token.lower
    // False start: "th- the", "wh- what".
    if lower.count >= 2, lower.last == "-", index + 1 < tokens.count, tokens[index + 1].isWord {
      let stem = lower.dropLast()
      if stem.allSatisfy({ $0.isLetter }), tokens[index + 1].lower.hasPrefix(stem) { return index }
    }
    guard index + 1 < tokens.count, tokens[index + 1].isWord else { return nil }
    let next = tokens[index + 1].lower
    // "I I'm", "we we're": the bare pronoun before its own contraction.
    if Self.pronouns.contains(lower), next.count > lower.count + 1, next.hasPrefix(lower),
      let apostrophe = next.dropFirst(lower.count).first, apostrophe == "'" || apostrophe == "’",
      lower.allSatisfy({ $0.isLetter })
    {
      return index
    }
    if next == lower, Self.trailingStutters.contains(lower), trailsOff(from: index + 1, in: tokens) {
      return index + 1
    }
    guard next == lower, isCollapsible(lower), !Self.emphasis.contains(lower) else { return nil }
    // A grammatical double never opens a sentence: "is is this working" is a stutter.
    if Self.grammaticalDoubles.contains(lower), !document.startsSentence(at: index) {
      // Keep one double; remove only the third and later repeats.
      let tripled = index + 2 < tokens.count && tokens[index + 2].isWord && tokens[index + 2].lower == lower
      return tripled ? index + 1 : nil
    }
    // Keep the first occurrence, which carries the sentence's capital.
    return index + 1
  }

  /// The end of a "word ," prefix to remove when the same short word follows the comma ("I, I think").
  private func commaStutter(at index: Int, in document: TextDocument) -> Int? {
    let tokens = document.tokens
    guard index + 2 < tokens.count, tokens[index].isWord, tokens[index + 1].text == ",",
      tokens[index + 2].isWord
    else { return nil }
    let lower = tokens[index].lower
    guard Self.commaStutters.contains(lower), tokens[index + 2].lower == lower else { return nil }
    // "I tested it, it works": the first one ends a clause; only a word that opens its clause can stutter.
    if index > 0, tokens[index - 1].isWord, !Self.clauseOpeners.contains(tokens[index - 1].lower) { return nil }
    return index + 2
  }

  /// Whether the two words at `index` are said twice in a row ("can you can you"), which is a stutter
  /// unless they are emphasis or numbers.
  private func repeatsPair(at index: Int, in document: TextDocument) -> Bool {
    let tokens = document.tokens
    guard index + 3 < tokens.count, tokens[index..<(index + 4)].allSatisfy(\.isWord) else { return false }
    let first = tokens[index].lower
    let second = tokens[index + 1].lower
    guard first != second, tokens[index + 2].lower == first, tokens[index + 3].lower == second else { return false }
    return isCollapsible(first) && isCollapsible(second) && !Self.emphasis.contains(first)
      && !Self.emphasis.contains(second)
  }

  /// Whether the words from `index` to the end of the sentence are all the same as the word at `index`.
  private func trailsOff(from index: Int, in tokens: [TextToken]) -> Bool {
    let word = tokens[index].lower
    var i = index
    while i < tokens.count, tokens[i].isWord {
      guard tokens[i].lower == word else { return false }
      i += 1
    }
    return i == tokens.count || tokens[i].endsSentence || tokens[i].kind == .lineBreak
  }

  /// Whether a repeat of `lower` may be a stutter: words, not numbers, spoken symbols or codes.
  private func isCollapsible(_ lower: String) -> Bool {
    guard let first = lower.first, !first.isNumber else { return false }
    if Self.numberWords.contains(lower) || Self.spokenSymbols.contains(lower) { return false }
    if lower.count == 1 && !(lower == "i" || lower == "a") { return false }
    return !CodeLikeWords.isCodeLike(lower)
  }
}
