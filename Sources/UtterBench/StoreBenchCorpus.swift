import CLISupport
import DictationValues
import Foundation
import Storage

/// A seeded source of realistic dictations for `utter bench store`: varied sentences with names, product
/// terms and accented words, spread over the past year.
struct StoreBenchCorpus {
  private var random: SplitMix64

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  static let openers = [
    "Remind me to", "Can you", "I think we should", "Please", "Don't forget to", "Let's", "We need to",
    "Tomorrow I will", "Quick note:", "Tell the team to", "Make sure to", "Could we", "I'd like to",
  ]
  static let verbs = [
    "deploy", "review", "email", "call", "schedule", "update", "fix", "write", "book", "cancel", "ship", "test",
    "merge", "order", "pay", "refactor", "prepare", "send", "check", "publish", "measure", "record",
  ]
  static let objects = [
    "the Kubernetes cluster", "the quarterly report", "Zoé's pull request", "the café reservation",
    "the dentist appointment", "our PostgreSQL migration", "the résumé for Anaïs", "the Figma mockups",
    "the invoice from Müller", "the TestFlight build", "the onboarding doc", "the flight to São Paulo",
    "the grocery list", "the Terraform plan", "the naïve Bayes model", "the Slack channel", "the budget sheet",
    "the GraphQL schema", "the birthday gift for Chloë", "the Jira backlog", "the Swift package",
  ]
  static let tails = [
    "before lunch", "by Friday", "after the standup", "first thing tomorrow", "this afternoon", "next week",
    "when Björn is back", "before the release", "tonight", "at the Zürich office", "if it's not too late",
    "as soon as possible", "on Monday morning", "after the demo", "before the board meeting",
  ]
  static let fields = [
    FieldContext(contentType: "emailAddress"),
    FieldContext(keyboardType: "twitter", appBundleID: "com.apple.MobileSMS"),
    FieldContext(appBundleID: "com.apple.mobilenotes"), FieldContext(appBundleID: "com.apple.Pages", language: "fr"),
    FieldContext(appBundleID: "com.tinyspeck.chatlyio", style: "casual"), FieldContext(keyboardType: "asciiCapable"),
    FieldContext(),
  ]

  /// One dictation of 1–3 sentences.
  mutating func sentence() -> String {
    var parts: [String] = []
    for _ in 0..<(1 + random.below(3)) {
      let opener = pick(Self.openers)
      let body = "\(pick(Self.verbs)) \(pick(Self.objects)) \(pick(Self.tails))"
      parts.append("\(opener) \(body).")
    }
    return parts.joined(separator: " ")
  }

  /// A history entry created at `date`.
  mutating func entry(at date: Date) -> HistoryEntry {
    let text = sentence()
    let words = Double(WordCount.of(text))
    let origins: [DictationOrigin] = [.keyboard, .keyboard, .keyboard, .app, .widget, .shortcut, .cli]
    let failed = random.below(50) == 0
    return HistoryEntry(
      rawText: "um " + text.lowercased(), finalText: failed ? "" : text,
      trace: [
        TraceStep(stage: "transcribe", text: text.lowercased(), milliseconds: Double(200 + random.below(900))),
        TraceStep(stage: "format", text: text, milliseconds: 1),
      ],
      engine: "whisper", model: "base.en", language: "en", audioSeconds: words / 2.5,
      processingSeconds: 0.2 + Double(random.below(800)) / 1000, origin: pick(origins),
      field: pick(Self.fields), status: failed ? .failed : .complete,
      errorMessage: failed ? "engine timed out" : nil, createdAt: date, delivered: !failed)
  }

  /// A search a user might type: a prefix, a word, two words, an accent-free spelling or a phrase.
  mutating func query() -> String {
    let word = pick(Self.vocabulary)
    switch random.below(5) {
    case 0: return String(word.prefix(3 + random.below(3)))
    case 1: return word
    case 2: return "\(word) \(pick(Self.vocabulary).prefix(4))"
    case 3: return word.folding(options: .diacriticInsensitive, locale: nil)
    default: return "\"\(pick(Self.objects).split(separator: " ").suffix(2).joined(separator: " "))\""
    }
  }

  static let vocabulary: [String] = {
    let text = (objects + tails + verbs).joined(separator: " ")
    let words = text.split(whereSeparator: { !$0.isLetter }).map(String.init).filter { $0.count >= 4 }
    return Array(Set(words)).sorted()
  }()

  private mutating func pick<T>(_ items: [T]) -> T { items[random.below(items.count)] }
}

/// A small, fast, seedable random generator (SplitMix64).
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
}
