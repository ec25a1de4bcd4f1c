/// Discourse fillers said without a pause around them: "you know", "I mean", "basically" and "like" go where the
/// words on either side show they carry no meaning, and stay where they do. The rule, word by word:
/// - "you know" is a filler after a word that no subject can follow ("it was you know really fast": a form of "be",
///   an article, a preposition), or before a word that cannot follow the verb "know" ("really", "kind of",
///   "like") unless the word before asks for a clause ("do you know", "if you know", "than you know"). "Do you
///   know where it is", "you know the drill" and "you know what" keep it.
/// - "I mean" is a filler after a form of "be" ("it's I mean pretty good") and when it opens a sentence before a
///   clause with its own subject and verb ("I mean we could try", "I mean it's fine", "I mean honestly"). "I mean
///   it", "I mean what I say" keep it; after any other word it is a correction, left to `CourseCorrection`.
/// - "basically" is a filler opening a sentence or a clause (first, or after "so", "and", "but", "okay", "well")
///   before its subject ("basically we need more time", "so basically the server crashed"); as an adverb of degree
///   it stays ("basically the same as before", "it's basically done").
/// - "like" is a filler between a form of "be" and an intensifier, "so", an "-ly" adverb or a common adjective ("it
///   was like really fast", "it's like amazing", "I was like so tired"), between a person's "be" and a verb of
///   thinking, going, trying or saying ("I was like thinking about it", "we were like going to call"), and opening
///   a sentence before an "-ly" adverb ("like seriously, what happened"). "I like it", "it looks like rain", "it's
///   like a mix" and "it was like watching paint dry" (comparisons: no person, or another verb, as in "I was like
///   walking on air"), "like I said", "there were like fifty people" (an estimate) and a quotation ("I was like, no
///   way") keep it.
extension FillerRemoval {
  /// Forms of "be", after which "you know", "I mean" and "like" do not begin a clause.
  static let beForms: Set<String> = [
    "is", "was", "were", "are", "am", "been", "it's", "that's", "he's", "she's", "they're", "we're", "i'm", "you're",
    "there's", "what's", "it'll", "gonna",
  ]
  /// Words after which no subject can follow: "you know" there is a filler ("a you know thing", "of you know").
  static let noSubjectAfter: Set<String> = beForms.union([
    "a", "an", "the", "of", "for", "with", "at", "on", "in", "from", "about", "into", "by", "very", "pretty",
    "really", "just", "kind", "sort", "my", "your", "our", "their",
  ])
  /// Words that ask for a clause, so "you know" after them is a subject and its verb ("if you know").
  static let asksForClause: Set<String> = [
    "do", "did", "does", "don't", "didn't", "if", "when", "as", "than", "because", "what", "how", "whether", "that",
    "who", "all", "before", "unless", "whatever", "since", "until", "so", "think", "guess", "bet", "hope", "sure",
    "where", "why", "which", "once", "now", "and", "but", "or",
  ]
  /// Intensifiers and hedges, which never follow "know" as its object.
  static let intensifiers: Set<String> = [
    "really", "very", "pretty", "totally", "literally", "basically", "actually", "kind", "sort", "kinda", "sorta",
    "like", "super", "quite", "completely", "extremely", "insanely", "absolutely", "seriously", "honestly", "um", "uh",
  ]
  /// Common adjectives a filler "like" stands before ("it was like amazing").
  static let commonAdjectives: Set<String> = [
    "amazing", "awesome", "great", "huge", "tiny", "terrible", "horrible", "perfect", "impossible", "crazy", "weird",
    "insane", "fast", "slow", "far", "close", "cold", "hot", "expensive", "cheap", "easy", "hard", "boring", "fun",
    "funny", "beautiful", "incredible", "nice", "good", "bad", "done", "ready", "late", "busy", "tired", "empty",
    "packed", "awful", "amazing", "cool", "scary", "long", "short", "big", "small", "old", "new", "quiet", "loud",
  ]
  /// "-ly" words that are not adverbs of degree or manner.
  static let lyNonAdverbs: Set<String> = [
    "only", "early", "likely", "family", "daily", "reply", "july", "italy", "holy", "ugly", "silly", "friendly",
    "lonely", "lovely", "rely", "apply", "supply", "belly", "jelly", "ally", "weekly", "monthly", "yearly", "sally",
    "emily", "lily", "molly", "billy", "kelly", "holly",
  ]
  /// Subjects a clause after an opening "I mean" or "basically" starts with.
  static let clauseSubjects: Set<String> = [
    "i", "we", "you", "they", "he", "she", "it", "there", "this", "that", "everyone", "nobody", "someone",
    "everybody", "people",
  ]
  /// Contractions of a subject and a verb ("it's", "we'll"): a clause of its own.
  static let subjectContractions: Set<String> = [
    "it's", "that's", "there's", "we're", "they're", "i'm", "you're", "he's", "she's", "we'll", "it'll", "i'll",
    "i've", "we've", "they'll", "i'd", "we'd", "it'd", "that'll", "let's", "they've", "you'll", "you've",
  ]
  /// Words that follow a subject as its verb or auxiliary ("we could", "it was", "I don't").
  static let verbsAfterSubject: Set<String> = [
    "could", "can", "should", "would", "will", "might", "must", "have", "had", "need", "just", "really", "don't",
    "didn't", "can't", "won't", "was", "were", "is", "are", "do", "did", "got", "think", "know", "never",
    "always", "still", "wasn't", "isn't", "doesn't", "couldn't", "literally", "totally", "honestly", "am",
  ]
  /// Sentence adverbs an opening "I mean" stands before as a filler ("I mean honestly").
  static let sentenceAdverbs: Set<String> = [
    "honestly", "seriously", "obviously", "basically", "literally", "come", "yeah", "yes", "sure", "okay", "ok",
    "well", "look", "sometimes", "technically", "really", "like",
  ]
  /// Words after which "basically" opens a clause ("so basically").
  static let clauseOpeners: Set<String> = ["so", "and", "but", "okay", "ok", "well", "because", "then", "yeah", "like"]
  /// Words after "basically the" that make it an adverb of degree ("basically the same").
  static let degreeWords: Set<String> = [
    "same", "whole", "only", "entire", "best", "worst", "most", "least", "opposite", "exact", "end", "point", "gist",
    "equivalent", "definition",
  ]

  /// The length of a discourse filler at `index` that the surrounding words show is a filler, if there is one.
  func discourseFillerLength(at index: Int, in document: TextDocument) -> Int? {
    let tokens = document.tokens
    func word(_ at: Int) -> String? {
      guard at >= 0, at < tokens.count, tokens[at].isWord else { return nil }
      return Self.plain(tokens[at].lower)
    }
    let lower = tokens[index].lower
    // NB: only four words can open a discourse filler; every other word is let through at once.
    guard lower == "you" || lower == "i" || lower == "like" || lower == "basically" else { return nil }
    let previous = word(index - 1)
    // A sentence or clause opens here: the start, a mark, or a line break.
    let opens = index == 0 || tokens[index - 1].separatesClauses || tokens[index - 1].kind == .opening
    let startsSentence = index == 0 || document.startsSentence(at: index)
    switch lower {
    case "you":
      guard word(index + 1) == "know", let next = word(index + 2) else { return nil }
      if let previous, Self.noSubjectAfter.contains(previous) { return 2 }
      let asks = previous.map(Self.asksForClause.contains) == true
      return !asks && Self.intensifiers.contains(next) || next == "um" || next == "uh" ? 2 : nil
    case "i":
      guard word(index + 1) == "mean", let next = word(index + 2) else { return nil }
      // "the meeting is I mean was at noon" corrects the verb: left to `CourseCorrection`.
      if let previous, Self.beForms.contains(previous) { return Self.beForms.contains(next) ? nil : 2 }
      guard startsSentence else { return nil }
      if Self.subjectContractions.contains(next) || Self.sentenceAdverbs.contains(next) { return 2 }
      if Self.clauseSubjects.contains(next), let verb = word(index + 3), Self.verbsAfterSubject.contains(verb) {
        return 2
      }
      return nil
    case "basically":
      guard opens || previous.map(Self.clauseOpeners.contains) == true else { return nil }
      return opensClause(at: index + 1, in: tokens) ? 1 : nil
    case "like":
      // "it's like you know really hard": a filler after it is passed over.
      let skipsFiller = word(index + 1) == "you" && word(index + 2) == "know"
      guard let next = word(index + (skipsFiller ? 3 : 1)) else { return nil }
      let isAdverb = next.count > 4 && next.hasSuffix("ly") && !Self.lyNonAdverbs.contains(next)
      if let previous, Self.beForms.contains(previous) {
        if Self.intensifiers.contains(next) || Self.commonAdjectives.contains(next) || isAdverb || next == "so" {
          return 1
        }
        // "I was like thinking": a person's "was" and its "-ing" verb; "it was like watching paint dry" compares.
        return isProgressive(be: previous, subject: word(index - 2), verb: next) ? 1 : nil
      }
      // "Like seriously, what happened": opening a sentence before a sentence adverb.
      if startsSentence, isAdverb || ["seriously", "literally", "honestly", "totally"].contains(next) { return 1 }
      return nil
    default:
      return nil
    }
  }

  /// Persons a progressive "was … -ing" has as its subject; "it" and "that" compare ("it's like riding a bike").
  static let persons: Set<String> = ["i", "you", "we", "they", "he", "she"]
  /// Contractions of a person and "be" ("I'm", "she's").
  static let personContractions: Set<String> = ["i'm", "you're", "we're", "they're", "he's", "she's"]
  /// Verbs of thinking, going, trying and saying that a filler "like" stands before in a progressive ("I was like
  /// thinking"); other "-ing" verbs after "like" often compare ("I was like walking on air").
  static let reportingVerbs: Set<String> = [
    "thinking", "going", "wondering", "trying", "getting", "saying", "telling", "asking", "looking", "starting",
    "freaking", "dying", "hoping", "planning", "waiting", "doing", "working",
  ]

  /// Whether `be` `like` `verb` is a person's progressive with a filler inside ("I was like thinking", "we're like
  /// going"): `subject` is the word before `be`.
  func isProgressive(be: String, subject: String?, verb: String) -> Bool {
    guard Self.reportingVerbs.contains(verb) else { return false }
    if Self.personContractions.contains(be) { return true }
    guard ["was", "were", "am", "are"].contains(be), let subject else { return false }
    return Self.persons.contains(subject)
  }

  /// Whether the words at `index` open a clause with its subject ("we need", "the server crashed"), not a phrase of
  /// degree ("the same", "everything").
  func opensClause(at index: Int, in tokens: [TextToken]) -> Bool {
    guard index < tokens.count, tokens[index].isWord else { return false }
    let next = Self.plain(tokens[index].lower)
    if Self.clauseSubjects.contains(next) || Self.subjectContractions.contains(next) { return true }
    guard ["the", "a", "our", "my", "your", "their"].contains(next), index + 1 < tokens.count,
      tokens[index + 1].isWord
    else { return false }
    return !Self.degreeWords.contains(tokens[index + 1].lower)
  }

  /// `word` with a typographic apostrophe written straight ("it’s" → "it's").
  static func plain(_ word: String) -> String {
    word.contains("’") ? String(word.map { $0 == "’" ? "'" : $0 }) : word
  }
}
