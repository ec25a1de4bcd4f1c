import Foundation

/// Words as the safety net compares them: lower-cased, accents folded, contractions split, plurals and
/// number words normalised.
enum ContentWords {
  /// Every normalised word of `text`, stop words included, in order.
  static func tokens(_ text: String) -> [String] {
    let folded = text.replacingOccurrences(of: "’", with: "'")
      .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    var result: [String] = []
    for raw in folded.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "'") }) {
      let word = raw.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
      guard !word.isEmpty else { continue }
      result.append(contentsOf: expand(word))
    }
    return result
  }

  /// The content words of `text`: tokens that are not stop words, negations or numbers (negations and numbers
  /// are checked on their own; "twenty five", "25" and "1,200" split differently).
  static func content(_ text: String) -> [String] {
    tokens(text).filter { !stopWords.contains($0) && !negations.contains($0) && $0.first?.isNumber != true }
  }

  /// Splits contractions ("can't" → can, not; "it's" → it) and normalises one word.
  static func expand(_ word: String) -> [String] {
    if let irregular = irregularContractions[word] { return irregular }
    if word.hasSuffix("n't") { return [normalise(String(word.dropLast(3))), "not"] }
    for suffix in ["'s", "'re", "'ll", "'ve", "'d", "'m"] where word.hasSuffix(suffix) {
      return [normalise(String(word.dropLast(suffix.count)))]
    }
    return [normalise(word.replacingOccurrences(of: "'", with: ""))]
  }

  /// Number words to digits, simple plurals to singular.
  static func normalise(_ word: String) -> String {
    if let number = numberWords[word] { return number }
    if word.count > 4, word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
    if word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is") {
      return String(word.dropLast())
    }
    return word
  }

  static let irregularContractions: [String: [String]] = [
    "can't": ["can", "not"], "cannot": ["can", "not"], "won't": ["will", "not"], "shan't": ["shall", "not"],
    "ain't": ["be", "not"], "gonna": ["going"], "wanna": ["want"], "gotta": ["got"], "lemme": ["let"],
    "gimme": ["give"], "kinda": ["kind"], "sorta": ["sort"], "y'all": ["you"], "im": ["i"], "ive": ["i"],
    "cant": ["can", "not"], "wont": ["will", "not"], "aint": ["be", "not"],
  ].merging(
    // Contractions typed or transcribed without their apostrophe: "dont" reads as "don't".
    ["do", "does", "did", "is", "are", "was", "were", "should", "would", "could", "have", "has", "had", "must", "need"]
      .map { ($0 + "nt", [$0, "not"]) }, uniquingKeysWith: { first, _ in first })

  static let numberWords: [String: String] = {
    let units = [
      "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
      "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    ]
    var map: [String: String] = [:]
    for (value, word) in units.enumerated() { map[word] = String(value) }
    let tens = ["thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90]
    for (word, value) in tens { map[word] = String(value) }
    map["hundred"] = "100"
    map["thousand"] = "1000"
    map["million"] = "1000000"
    return map
  }()

  /// Words that carry little meaning on their own, so adding or dropping them says nothing. Negations are
  /// not here: they are checked on their own.
  static let stopWords: Set<String> = [
    "a", "an", "the", "and", "or", "but", "so", "if", "then", "than", "that", "this", "these", "those", "there",
    "here", "it", "its", "i", "me", "my", "mine", "we", "us", "our", "you", "your", "he", "him", "his", "she",
    "her", "they", "them", "their", "what", "which", "who", "whom", "whose", "when", "where", "why", "how",
    "be", "am", "is", "are", "was", "were", "been", "being", "do", "doe", "does", "did", "done", "have", "has",
    "had", "having", "will", "would", "shall", "should", "can", "could", "may", "might", "must", "to", "of",
    "in", "on", "at", "by", "for", "with", "from", "about", "into", "onto", "over", "under", "up", "down",
    "out", "off", "as", "just", "also", "too", "very", "really", "quite", "some", "any", "all", "each", "every",
    "more", "most", "much", "many", "such", "own", "same", "other", "again", "once", "only", "well", "still",
    "even", "like", "um", "uh", "er", "ah", "oh", "hmm", "okay", "ok", "yeah", "yep", "please", "thank",
    "thanks", "hi", "hey", "hello", "dear", "regard", "best", "let", "get", "got", "going", "go", "want",
    "kind", "sort", "actually", "basically", "literally", "percent", "dollar", "s", "t", "d", "ll", "re",
    "ve", "m", "via", "per", "etc", "pm", "maybe", "perhaps", "now", "yes", "sure",
  ]

  /// Words that turn a statement around.
  static let negations: Set<String> = ["not", "no", "never", "none", "nothing", "nobody", "neither", "nor", "without"]
}
