import DictationValues

/// Applies spoken corrections. A repair replaces the repaired words only and keeps the rest of the sentence:
/// "the call is on monday, scratch that, tuesday" → "the call is on tuesday", "Book a table for Friday. Scratch
/// that, for Saturday." → "Book a table for Saturday.".
///
/// The markers: "scratch that", "strike that", "forget that", "never mind" and "let me rephrase" retract; "no
/// wait", "wait no", "no no", "no no no", "actually no", "no actually", "sorry I mean/meant", "make that" (also
/// "no make that") replace; "I mean/meant" and "or rather" replace when the repair is short; ", actually", ",
/// sorry", ", no," between two words of one kind ("three, no, four") and ", wait," between two comparable values
/// ("the flight is at 6, wait, it's at 7") replace; a dash is such a pause too ("ship it Tuesday — actually
/// Wednesday"), but only before a short repair that has an anchor and is no aside ("the answer — actually the whole
/// point — is simple" and "we left early — actually we had to" keep their words). A weak marker after nothing but
/// a reply ("Sorry, I meant next Tuesday") has nothing to repair: the words are the user's. Words that only introduce the repair go with the marker
/// ("never mind, make it four", "oh sorry, scratch that"), and markers chain ("turn left, wait, turn right,
/// actually no, go straight" → "go straight").
///
/// What gets replaced is found from the repair's anchor: a word of the repair that also occurs in the clause
/// before ("the red one no wait the blue one", "for Friday. Scratch that, for Saturday"), a restated subject
/// ("it's in documents no wait it's in downloads"), else the last word of the same kind (a colour, a day, a month,
/// a number: "the red shirt no wait blue" → "the blue shirt"), else a preposition the repair opens with, else
/// (for the strong replacing markers) as many words as the repair has, not reaching back past a preposition or
/// article ("meet on Tuesday no wait Wednesday"). A retracting marker with no anchor deletes the clause (or the
/// sentence) before it: "Call Anna. Oh sorry, scratch that. Call Ben." → "Call Ben."; "start over" deletes
/// everything before it. A marker that opens the dictation with nothing to repair goes when a new instruction
/// follows it ("Wait, let's take the train" → "Let's take the train"); "Wait, did you book it?" stays.
public struct CourseCorrection: TextStage {
  public let name = "corrections"

  enum Action: Sendable {
    /// Delete the clause (or the sentence) before the marker, or repair the words the correction after it
    /// anchors on.
    case scratch
    /// Delete everything before the marker.
    case startOver
    /// Replace the words before with the words after.
    case replace
    /// Like `replace`, but the marker is also an ordinary phrase ("I mean it"), so stricter checks apply.
    case weakReplace
  }

  struct Marker: Sendable {
    var words: [String]
    var action: Action
    /// The marker counts only after a comma (", actually six"): without one it is an ordinary word.
    var needsComma = false
    /// The repair must be a word of the same kind as the word before the marker ("three, no, four").
    var needsSameKind = false
    /// The repair must have an anchor in the words before (", wait, it's at 7"): no guessing by length.
    var needsAnchor = false
  }

  /// Longer markers first so "sorry I mean" wins over "I mean".
  static let markers: [Marker] = [
    Marker(words: ["sorry", "i", "meant"], action: .replace),
    Marker(words: ["sorry", "i", "mean"], action: .replace),
    Marker(words: ["let", "me", "rephrase", "that"], action: .scratch),
    Marker(words: ["let", "me", "rephrase"], action: .scratch),
    Marker(words: ["scratch", "that"], action: .scratch),
    Marker(words: ["strike", "that"], action: .scratch),
    Marker(words: ["forget", "that"], action: .scratch),
    Marker(words: ["never", "mind"], action: .scratch),
    Marker(words: ["start", "over"], action: .startOver),
    Marker(words: ["make", "that"], action: .replace),
    Marker(words: ["no", "no", "no"], action: .replace, needsAnchor: true),
    Marker(words: ["no", "no"], action: .replace),
    Marker(words: ["no", "wait"], action: .replace),
    Marker(words: ["wait", "no"], action: .replace),
    Marker(words: ["actually", "no"], action: .replace),
    Marker(words: ["no", "actually"], action: .replace),
    Marker(words: ["or", "rather"], action: .weakReplace),
    Marker(words: ["i", "meant"], action: .weakReplace),
    Marker(words: ["i", "mean"], action: .weakReplace),
    Marker(words: ["actually"], action: .weakReplace, needsComma: true),
    Marker(words: ["sorry"], action: .weakReplace, needsComma: true),
    Marker(words: ["wait"], action: .weakReplace, needsComma: true, needsAnchor: true),
    Marker(words: ["no"], action: .weakReplace, needsComma: true, needsSameKind: true),
  ]

  /// The markers by their first word, longest first as in `markers`.
  static let markersByFirstWord: [String: [Marker]] = Dictionary(grouping: markers, by: { $0.words[0] })

  /// Words that open a repair after its marker and go with it: "never mind, make it four", "scratch that, I
  /// meant Ben".
  static let repairOpeners: [[String]] = [
    ["let's", "make", "it"], ["make", "it"], ["make", "that"], ["i", "mean"], ["i", "meant"], ["let's", "say"],
    ["rather"], ["instead"],
  ]

  /// Words after a marker that opens the dictation which make what follows a new instruction, so the marker goes
  /// ("Wait, let's take the train", "No no no, take the bus").
  static let instructionOpeners: Set<String> = [
    "let's", "let", "make", "use", "take", "go", "try", "do", "call", "send", "put", "book", "change", "switch",
    "move", "set", "instead", "actually", "just", "rather",
  ]

  /// Prepositions a repair that starts with one aligns on ("on the desktop, sorry, in downloads").
  static let prepositions: Set<String> = [
    "on", "in", "at", "to", "for", "from", "with", "by", "into", "onto", "until", "before", "after", "near",
    "under", "over", "inside", "behind",
  ]

  /// Words that restate the subject at the start of a correction ("no wait it's in downloads").
  static let restatements: Set<String> = [
    "it's", "it’s", "it", "is", "that's", "that", "was", "they're", "he's", "she's", "we're", "i'm", "there's",
    "we", "they", "are", "i", "he", "she",
  ]

  /// Kinds of words a one-word repair replaces in place ("the red shirt no wait blue" → "the blue shirt"); a
  /// word written with digits ("6", "$20", "7:30") is of the number kind.
  static let kinds: [Set<String>] = [
    ["red", "blue", "green", "yellow", "black", "white", "orange", "purple", "pink", "brown", "grey", "gray"],
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "today", "tomorrow", "tonight"],
    [
      "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
      "november", "december",
    ],
    [
      "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "twenty",
      "thirty", "forty", "fifty", "hundred", "noon", "midnight",
    ],
    ["left", "right", "straight", "up", "down", "north", "south", "east", "west"],
  ]
  /// The index of the number kind in `kinds`.
  static let numberKind = 3

  /// The kind of `word` (an index in `kinds`), if it has one.
  static func kind(of word: String) -> Int? {
    if let first = word.first, first.isNumber || (first == "$" && word.count > 1) { return numberKind }
    if SpokenNumbers.ordinalUnits[word] != nil { return numberKind }
    return kinds.firstIndex { $0.contains(word) }
  }

  /// Words that open a reply, which a "never mind" after them does not retract ("Oh, never mind").
  static let replyOpeners: Set<String> = [
    "oh", "ah", "actually", "okay", "ok", "well", "no", "so", "yeah", "yes", "sorry", "wait", "hey", "and", "but",
    "hmm", "nah", "alright", "fine", "anyway", "oops", "never", "mind",
  ]

  /// Words after "no" that make it an ordinary phrase ("actually no longer", "no wait time").
  static let ordinaryContinuations: Set<String> = [
    "longer", "more", "one", "way", "problem", "problems", "doubt", "matter", "less", "good", "idea", "time",
    "times", "list", "worries", "thanks", "need", "big", "deal",
  ]

  /// A stage that applies corrections.
  public init() {}

  public func apply(_ document: inout TextDocument, context: FieldContext) {
    dropOpeningMarker(from: &document)
    document.editInBlocks { block in applyCorrections(to: &block) }
  }

  /// Applies the corrections of one block of the document.
  private func applyCorrections(to document: inout TextDocument) {
    var i = 0
    while i < document.tokens.count {
      if let (marker, end) = marker(at: i, in: document.tokens) {
        let next: Int?
        switch marker.action {
        case .scratch: next = scratch(markerAt: i, end: end, in: &document)
        case .startOver: next = startOver(markerAt: i, end: end, in: &document)
        case .replace, .weakReplace: next = replace(marker, at: i, end: end, in: &document)
        }
        if let next {
          i = next
          continue
        }
      }
      i += 1
    }
  }

  /// Removes a marker that opens the dictation with nothing before it to repair, when a new instruction follows
  /// ("Wait, let's take the train", "No no no, take the bus"); "Wait, did you call?" keeps its word.
  private func dropOpeningMarker(from document: inout TextDocument) {
    let tokens = document.tokens
    guard let first = tokens.first, first.isWord else { return }
    let openers: [[String]] = [["no", "no", "no"], ["no", "wait"], ["wait", "no"], ["wait"]]
    for words in openers where words[0] == first.lower {
      var j = 0
      var matched = true
      for word in words {
        if j < tokens.count, tokens[j].text == "," { j += 1 }
        guard j < tokens.count, tokens[j].isWord, tokens[j].lower == word else {
          matched = false
          break
        }
        j += 1
      }
      // The pause after the marker is written: "Wait, let's", never "wait for me".
      guard matched, j + 1 < tokens.count, tokens[j].text == "," || tokens[j].endsSentence,
        tokens[j + 1].isWord, Self.instructionOpeners.contains(tokens[j + 1].lower)
      else { continue }
      document.remove(0..<(j + 1), because: "a correction marker with nothing before it to repair")
      return
    }
  }

  /// The marker whose words start at `index` and the index after it; commas between its words are
  /// allowed ("No, wait, 2020").
  func marker(at index: Int, in tokens: [TextToken]) -> (Marker, Int)? {
    guard tokens[index].isWord else { return nil }
    // NB: most words open no marker; a table by first word answers them with one lookup.
    guard let candidates = Self.markersByFirstWord[tokens[index].lower] else { return nil }
    for marker in candidates {
      if marker.needsComma,
        index == 0
          || !(tokens[index - 1].text == "," || tokens[index - 1].kind == .dash || pausesBefore(marker, index, tokens))
      {
        continue
      }
      var j = index + 1
      var matched = true
      for word in marker.words.dropFirst() {
        // Engines punctuate the pause inside a marker: "No, wait", and for strong markers "No. Wait."
        if j < tokens.count, tokens[j].text == "," || (marker.action != .weakReplace && tokens[j].endsSentence) {
          j += 1
        }
        guard j < tokens.count, tokens[j].isWord, tokens[j].lower == word else {
          matched = false
          break
        }
        j += 1
      }
      // ", wait," is set off on both sides; "I said, wait for me" is an ordinary word.
      if matched, marker.words == ["wait"], !(j < tokens.count && tokens[j].text == ",") { continue }
      if matched { return (marker, j) }
    }
    return nil
  }

  /// Whether a sentence end before a comma-marker counts as its pause: "It's at 6. Wait, it's at 7."
  private func pausesBefore(_ marker: Marker, _ index: Int, _ tokens: [TextToken]) -> Bool {
    marker.words == ["wait"] && index > 0 && tokens[index - 1].endsSentence
  }

  /// The last word before `index`, skipping the commas, dashes and sentence ends between, if any.
  func wordBefore(_ index: Int, in tokens: [TextToken]) -> Int? {
    var j = index - 1
    while j >= 0, tokens[j].kind == .closing && tokens[j].separatesClauses || tokens[j].kind == .dash { j -= 1 }
    guard j >= 0, tokens[j].isWord else { return nil }
    return j
  }

  /// The first index of the clause that ends at `index`: after the previous `, ; : . ? !` or line break.
  func clauseStart(endingAt index: Int, in tokens: [TextToken], sentenceOnly: Bool = false) -> Int {
    var j = index
    while j >= 0 {
      let token = tokens[j]
      if token.kind == .lineBreak || token.endsSentence || (!sentenceOnly && token.separatesClauses) { break }
      j -= 1
    }
    return j + 1
  }

  /// Repairs the words a correction after "scratch that" anchors on, else deletes the clause before the marker;
  /// returns where to continue, or nil when it is not a command.
  private func scratch(markerAt markerStart: Int, end: Int, in document: inout TextDocument) -> Int? {
    let tokens = document.tokens
    var start = markerStart
    var upper = end
    while upper < tokens.count, tokens[upper].kind == .closing, tokens[upper].separatesClauses { upper += 1 }
    // "Never mind the weather", "Forget that I asked", "Let me rephrase the question": these take an object; only
    // "scratch that" is a command whatever follows.
    let takesObject = ["never", "forget", "let"].contains(tokens[start].lower)
    if takesObject, upper == end, upper < tokens.count, tokens[upper].isWord,
      WordLists.determiners.contains(tokens[upper].lower) || ["about", "it", "i", "how"].contains(tokens[upper].lower)
    {
      return nil
    }
    guard var last = wordBefore(start, in: tokens) else {
      if takesObject, upper == end, upper < tokens.count { return nil }
      // "Let me rephrase." on its own is what the user said.
      if tokens[start].lower == "let", upper == tokens.count { return nil }
      // Nothing before: only the command goes.
      document.remove(start..<upper, because: "a correction marker with nothing before it to repair")
      return start
    }
    var afterSentenceEnd = tokens[(last + 1)..<start].contains { $0.endsSentence || $0.kind == .lineBreak }
    var clause = clauseStart(endingAt: last, in: tokens, sentenceOnly: afterSentenceEnd)
    // "Call Anna. Oh sorry, scratch that.": words that open a reply go with the marker, and what they retract is
    // the sentence before them; with nothing before ("Oh, never mind, I found it") there is nothing to retract.
    if (clause...last).allSatisfy({ !tokens[$0].isWord || Self.replyOpeners.contains(tokens[$0].lower) }) {
      guard let earlier = wordBefore(clause, in: tokens) else { return nil }
      start = clause
      last = earlier
      afterSentenceEnd = tokens[(last + 1)..<start].contains { $0.endsSentence || $0.kind == .lineBreak }
      clause = clauseStart(endingAt: last, in: tokens, sentenceOnly: afterSentenceEnd)
    }
    // Without punctuation there is no telling where a long run's last clause began: the words stay.
    guard (clause...last).filter({ tokens[$0].isWord }).count <= Self.maxRetracted else { return nil }
    let repair = Repair(after: upper, in: tokens, stopsAt: { marker(at: $0, in: tokens) != nil })
    let found = repair.flatMap {
      self.anchor(of: $0, clause: clause, last: last, in: tokens, guesses: false, forScratch: true)
    }
    // "send it to John scratch that send it to Mary": the words after restart the clause.
    let restarts = repair?.words.first == tokens[clause].lower && tokens[clause].isWord
    if !afterSentenceEnd && !restarts && found == nil {
      // "I need to scratch that itch" uses the words; a command follows a complete clause.
      guard !WordLists.functionWords.contains(tokens[last].lower) else { return nil }
      if end < tokens.count, tokens[end].isWord {
        let next = tokens[end]
        guard WordLists.functionWords.contains(next.lower) || next.text.first?.isUppercase == true else {
          return nil
        }
      }
    }
    guard !WordLists.functionWords.contains(tokens[last].lower) || afterSentenceEnd || restarts else { return nil }
    if let repair, let found {
      return apply(found, of: repair, markerStart: start, skippedSentenceEnd: false, in: &document)
    }
    document.remove(clause..<upper, because: "the clause a spoken '\(tokens[markerStart].lower) …' retracts")
    return clause
  }

  /// Deletes everything before "start over"; returns where to continue.
  private func startOver(markerAt start: Int, end: Int, in document: inout TextDocument) -> Int? {
    var upper = end
    let tokens = document.tokens
    while upper < tokens.count, tokens[upper].kind == .closing, tokens[upper].separatesClauses { upper += 1 }
    // "Let's start over the weekend": only a command when a new clause follows, or nothing does.
    guard
      upper == tokens.count || (upper > end) || tokens[upper].text.first?.isUppercase == true
        || (tokens[upper].isWord && tokens.first?.isWord == true && tokens[upper].lower == tokens[0].lower)
        || start > 0 && tokens[start - 1].kind == .closing
    else { return nil }
    document.remove(0..<upper, because: "everything before a spoken 'start over'")
    return 0
  }

  /// The furthest back, in words, a correction looks for what it repairs.
  static let maxReach = 12
  /// The most words "scratch that" retracts; a longer unpunctuated run keeps its words and the command.
  static let maxRetracted = 40
}
