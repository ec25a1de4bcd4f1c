/// Small closed word classes the heuristics lean on.
enum WordLists {
  /// Articles, demonstratives and possessives: a noun follows them, so "the period" is a word, not a command.
  static let determiners: Set<String> = [
    "a", "an", "the", "this", "that", "these", "those", "my", "your", "his", "her", "its", "our", "their",
    "every", "each", "any", "some", "no", "another", "which", "what", "whose", "one", "same",
  ]

  /// Prepositions and articles a correction can align on ("meet on Tuesday no wait Wednesday").
  static let alignmentWords: Set<String> = [
    "a", "an", "the", "on", "in", "at", "to", "for", "from", "with", "by", "of", "about", "into", "onto",
    "until", "till", "before", "after", "around", "near", "via", "my", "your", "our", "their", "his", "her",
  ]

  /// Words that cannot end a clause being corrected: pronouns, auxiliaries, conjunctions, articles.
  static let functionWords: Set<String> = [
    "a", "an", "the", "and", "or", "but", "so", "if", "then", "than", "because", "as", "of", "to", "in", "on",
    "at", "for", "with", "from", "by", "about", "i", "you", "he", "she", "it", "we", "they", "me", "him",
    "her", "us", "them", "my", "your", "his", "its", "our", "their", "this", "that", "these", "those", "is",
    "am", "are", "was", "were", "be", "been", "being", "do", "does", "did", "have", "has", "had", "will",
    "would", "can", "could", "should", "shall", "may", "might", "must", "not", "no", "there", "here",
    "i'm", "i've", "i'll", "i'd", "you're", "we're", "they're", "it's", "that's", "there's", "he's", "she's",
    "what's", "let's", "don't", "didn't", "doesn't", "can't", "won't", "isn't", "aren't", "wasn't", "please",
    "just", "really", "very", "also", "what", "which", "who", "when", "where", "why", "how", "some", "any",
    "all", "both", "each", "every", "into", "onto", "up", "down", "out", "over", "under", "again", "too",
  ]

  /// Very common English words that a dictionary term must never replace by sound alone.
  static let commonWords: Set<String> = functionWords.union([
    "get", "got", "go", "going", "make", "made", "take", "know", "think", "see", "come", "want", "look", "use",
    "find", "give", "tell", "work", "call", "try", "ask", "need", "feel", "leave", "put", "mean", "keep",
    "let", "begin", "seem", "help", "talk", "turn", "start", "show", "hear", "play", "run", "move", "like",
    "live", "believe", "bring", "happen", "write", "sit", "stand", "lose", "pay", "meet", "include",
    "continue", "set", "learn", "change", "lead", "understand", "watch", "follow", "stop", "create", "speak",
    "read", "spend", "grow", "open", "walk", "win", "offer", "remember", "love", "consider", "appear", "buy",
    "wait", "serve", "die", "send", "expect", "build", "stay", "fall", "cut", "reach", "kill", "remain",
    "time", "year", "people", "way", "day", "man", "thing", "woman", "life", "child", "world", "school",
    "state", "family", "student", "group", "country", "problem", "hand", "part", "place", "case", "week",
    "company", "system", "program", "question", "government", "number", "night", "point", "home", "water",
    "room", "mother", "area", "money", "story", "fact", "month", "lot", "right", "study", "book", "eye",
    "job", "word", "business", "issue", "side", "kind", "head", "house", "service", "friend", "father",
    "power", "hour", "game", "line", "end", "member", "law", "car", "city", "community", "name", "team",
    "minute", "idea", "kid", "body", "information", "back", "parent", "face", "others", "level", "office",
    "door", "health", "person", "art", "war", "history", "party", "result", "morning", "reason", "research",
    "girl", "guy", "moment", "air", "teacher", "force", "education", "good", "new", "first", "last", "long",
    "great", "little", "own", "other", "old", "big", "high", "different", "small", "large", "next", "early",
    "young", "important", "few", "public", "bad", "able", "later", "now", "well", "even", "still", "never",
    "today", "tomorrow", "yesterday", "yes", "okay", "ok", "thanks", "thank", "hello", "hi", "hey", "sure",
    "maybe", "something", "nothing", "anything", "everything", "someone", "anyone", "much", "many", "more",
    "most", "only", "such", "yeah", "nice", "cool", "fine", "done", "said", "says", "say",
  ])

  /// Abbreviations whose trailing period does not end a sentence.
  static let abbreviations: Set<String> = [
    "mr", "mrs", "ms", "dr", "prof", "st", "vs", "etc", "e.g", "i.e", "jr", "sr", "inc", "ltd", "co", "approx",
    "dept", "est", "fig", "vol", "a.m", "p.m", "u.s", "u.k",
  ]

  /// Whether `lower` is an abbreviation whose period does not end a sentence.
  static func isAbbreviation(_ lower: String) -> Bool {
    abbreviations.contains(lower)
  }

  /// Subject pronouns, which follow an auxiliary in a question ("can you…").
  static let subjects: Set<String> = [
    "i", "you", "we", "they", "he", "she", "it", "there", "this", "that", "these", "those", "anyone",
    "anybody", "someone", "somebody", "everyone", "everybody", "y'all",
  ]

  /// Auxiliaries and modals that open a yes/no question.
  static let questionAuxiliaries: Set<String> = [
    "is", "are", "was", "were", "am", "does", "did", "can", "could", "will", "would", "should", "has", "had",
    "isn't", "aren't", "wasn't", "weren't", "don't", "doesn't", "didn't", "can't", "couldn't", "won't",
    "wouldn't", "shouldn't", "haven't", "hasn't", "do", "have", "may", "might", "shall",
  ]

  /// Auxiliaries that also open commands ("do the dishes", "have a nice day"): a pronoun must follow.
  static let imperativeAuxiliaries: Set<String> = ["do", "have", "may", "might", "shall"]

  /// Question words.
  static let questionWords: Set<String> = ["what", "where", "when", "why", "who", "how", "which", "whose", "whom"]
}

extension WordLists {
  /// Words capitalised only because they open a sentence; lowered when the sentence continues.
  static let sentenceStarters: Set<String> = commonWords.union([
    "sounds", "looks", "seems", "probably", "definitely", "actually", "basically", "anyway", "otherwise",
    "besides", "however", "although", "though", "unless", "since", "while", "once", "plus", "because",
    "perhaps", "especially", "except", "including", "like", "and", "or", "but", "so", "then", "which",
    "whatever", "whenever", "wherever", "unfortunately", "hopefully", "honestly", "obviously", "apparently",
  ])

  /// Days and months, which keep their capital wherever they stand.
  static let calendarNames: Set<String> = [
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february",
    "march", "april", "june", "july", "august", "september", "october", "november", "december",
  ]
}
