import Foundation

/// Why a model's answer was not used.
public enum PolishRejection: Error, Sendable, Hashable, CustomStringConvertible {
  case emptyOutput
  case refused
  case echoedInstructions
  case answeredQuestion
  case followedRequest
  case changedNegation
  case changedNumbers
  case lengthChanged(ratio: Double)
  case droppedContent(kept: Double)
  case addedContent(words: [String])
  case timedOut(seconds: Double)
  case cancelled
  case providerFailed(String)
  case polishOff(FieldKind)
  case tooShort

  public var description: String {
    switch self {
    case .emptyOutput: return "the model returned nothing"
    case .refused: return "the model refused instead of cleaning up the text"
    case .echoedInstructions: return "the model repeated its instructions"
    case .answeredQuestion: return "the model answered the dictated question instead of cleaning it up"
    case .followedRequest: return "the model carried out the dictated request instead of cleaning it up"
    case .changedNegation: return "the model changed a negation, which would flip the meaning"
    case .changedNumbers: return "the model changed a number"
    case .lengthChanged(let ratio):
      return "the model changed the length too much (\(Int((ratio * 100).rounded()))% of the dictated words)"
    case .droppedContent(let kept):
      return "the model dropped dictated content (kept \(Int((kept * 100).rounded()))% of the meaningful words)"
    case .addedContent(let words):
      return "the model added words that were not dictated (\(words.prefix(5).joined(separator: ", ")))"
    case .timedOut(let seconds): return "the model did not answer within \(String(format: "%.1f", seconds)) s"
    case .cancelled: return "polish was cancelled"
    case .providerFailed(let message): return message
    case .polishOff(let kind): return "polish is off for \(kind.rawValue) fields"
    case .tooShort: return "too short to need polish"
    }
  }
}

/// Limits the safety net applies; the defaults suit dictation clean-up.
public struct SafetyThresholds: Sendable, Hashable, Codable {
  /// The least share of the dictation's meaningful words the answer must keep.
  public var minimumKept = 0.6
  /// The allowed answer/dictation word-count ratio, for dictations of at least `shortInputWords` words.
  public var lengthRatio: ClosedRange<Double> = 0.5...1.6
  /// Below this many words, the length check allows `shortInputSlack` words either way instead.
  public var shortInputWords = 8
  public var shortInputSlack = 4
  /// New meaningful words allowed: at least `addedWordsFloor`, or `addedWordsShare` of the dictation's.
  public var addedWordsFloor = 2
  public var addedWordsShare = 0.2

  /// The thresholds tuned on the safety net's golden cases; change a field to try others.
  public init() {}
}

/// Decides whether a model's answer is a faithful clean-up of the dictation, or something else: an answer, a
/// refusal, the prompt repeated, content dropped or invented. Pure: the same inputs give the same verdict.
public struct SafetyNet: Sendable {
  public var thresholds: SafetyThresholds

  public init(thresholds: SafetyThresholds = SafetyThresholds()) {
    self.thresholds = thresholds
  }

  /// The verdict on one answer.
  public enum Verdict: Sendable, Hashable {
    case accepted(String)
    case rejected(PolishRejection)
  }

  /// Judges `output` (already cleaned of wrappers) against `input`, the deterministic text.
  ///
  /// - Parameters:
  ///   - instructions: the system prompt, to spot it being repeated.
  ///   - vocabulary: terms the model may introduce (dictionary spellings).
  ///   - isInstruction: true for a "Hey <agent>" request; then only emptiness, refusals and a repeated
  ///     prompt are rejected, since the answer is meant to differ from the dictation.
  public func judge(
    output: String, input: String, instructions: String, vocabulary: [String] = [], isInstruction: Bool = false
  ) -> Verdict {
    let text = output.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return .rejected(.emptyOutput) }
    if Self.isRefusal(text, input: input) { return .rejected(.refused) }
    if Self.echoesInstructions(text, instructions: instructions, input: input) {
      return .rejected(.echoedInstructions)
    }
    if isInstruction { return .accepted(text) }

    let inputContent = ContentWords.content(input)
    let outputContent = ContentWords.content(text)
    let allowed = Set(inputContent).union(vocabulary.flatMap(ContentWords.content))
    let added = orderedUnique(outputContent.filter { !allowed.contains($0) })

    if Self.isQuestion(input) {
      if !text.contains("?"), !added.isEmpty || Self.opensWithAnswer(text, input: input) {
        return .rejected(.answeredQuestion)
      }
      let inputWords = Set(ContentWords.tokens(input)).union(allowed)
      if Self.answersAfterQuestion(text, allowed: inputWords) { return .rejected(.answeredQuestion) }
    }
    let request = Self.isRequest(input)
    if hasNegation(input) != hasNegation(text) { return .rejected(.changedNegation) }
    // A number may go (a self-correction drops the first one), but never appear or change.
    if !NumberValues.values(in: text).isSubset(of: NumberValues.values(in: input)) {
      return .rejected(.changedNumbers)
    }

    let inputCount = ContentWords.tokens(input).count
    let outputCount = ContentWords.tokens(text).count
    if inputCount >= thresholds.shortInputWords {
      let ratio = Double(outputCount) / Double(max(inputCount, 1))
      if !thresholds.lengthRatio.contains(ratio) {
        return .rejected(request ? .followedRequest : .lengthChanged(ratio: ratio))
      }
    } else if abs(outputCount - inputCount) > thresholds.shortInputSlack {
      let ratio = Double(outputCount) / Double(max(inputCount, 1))
      return .rejected(request ? .followedRequest : .lengthChanged(ratio: ratio))
    }

    let inputSet = Set(inputContent)
    if inputSet.count >= 3 {
      let outputSet = Set(outputContent).union(vocabulary.flatMap(ContentWords.content))
      let kept = Double(inputSet.intersection(outputSet).count) / Double(inputSet.count)
      if kept < thresholds.minimumKept { return .rejected(request ? .followedRequest : .droppedContent(kept: kept)) }
    }
    let budget = max(thresholds.addedWordsFloor, Int((Double(inputSet.count) * thresholds.addedWordsShare).rounded()))
    if added.count > budget { return .rejected(request ? .followedRequest : .addedContent(words: added)) }
    return .accepted(text)
  }

  /// Whether `text` negates something. A bare "no" in a self-correction ("at two, no, at three", "no wait")
  /// does not count; "no" before a meaningful word ("no milk") does.
  private func hasNegation(_ text: String) -> Bool {
    let tokens = ContentWords.tokens(text)
    for (index, token) in tokens.enumerated() where ContentWords.negations.contains(token) {
      guard token == "no" else { return true }
      guard index + 1 < tokens.count else { continue }
      let next = tokens[index + 1]
      if !ContentWords.stopWords.contains(next) && !Self.correctionMarkers.contains(next) { return true }
    }
    return false
  }

  static let correctionMarkers: Set<String> = ["wait", "sorry", "mean", "actually", "scratch", "rather", "make"]

  private func orderedUnique(_ words: [String]) -> [String] {
    var seen = Set<String>()
    return words.filter { seen.insert($0).inserted }
  }

  // MARK: Patterns

  static let refusalPhrases = [
    "i'm sorry", "i am sorry", "i apologize", "i apologise", "as an ai", "as a language model", "i can't help",
    "i cannot help", "i can't assist", "i cannot assist", "i'm unable to", "i am unable to", "i'm not able to",
    "i am not able to", "i can't comply", "i cannot comply", "i won't be able to", "i must decline",
    "i can't fulfill", "i cannot fulfill", "i can't do that", "i cannot do that", "i can't provide",
    "i cannot provide", "i'm not comfortable", "i can't create", "i cannot create",
  ].map(flatten)

  /// Whether `output` holds a refusal phrase that the dictation does not.
  static func isRefusal(_ output: String, input: String) -> Bool {
    let flatOutput = flatten(output)
    let flatInput = flatten(input)
    return refusalPhrases.contains { flatOutput.contains($0) && !flatInput.contains($0) }
  }

  /// Whether `output` repeats a run of eight words of the instructions that the dictation does not have.
  static func echoesInstructions(_ output: String, instructions: String, input: String) -> Bool {
    let size = 8
    let instructionRuns = runs(ContentWords.tokens(instructions), size: size)
    guard !instructionRuns.isEmpty else { return false }
    let inputRuns = runs(ContentWords.tokens(input), size: size)
    return runs(ContentWords.tokens(output), size: size).contains {
      instructionRuns.contains($0) && !inputRuns.contains($0)
    }
  }

  static let questionOpeners: Set<String> = [
    "what", "what's", "whats", "who", "who's", "whom", "whose", "where", "where's", "when", "why", "how", "how's",
    "which",
  ]

  /// Whether the dictation is a question: it ends with "?" or opens with a question word.
  static func isQuestion(_ input: String) -> Bool {
    let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.hasSuffix("?") { return true }
    let first = trimmed.lowercased().replacingOccurrences(of: "’", with: "'")
      .split(whereSeparator: { !($0.isLetter || $0 == "'") }).first.map(String.init)
    return first.map(questionOpeners.contains) ?? false
  }

  /// Whether the text after the answer's last "?" is mostly words the dictation never had: the question
  /// kept, then answered ("What's 2 and 2? 4.").
  static func answersAfterQuestion(_ output: String, allowed: Set<String>) -> Bool {
    guard let mark = output.lastIndex(of: "?") else { return false }
    let tail = ContentWords.tokens(String(output[output.index(after: mark)...]))
      .filter { !ContentWords.stopWords.contains($0) }
    guard !tail.isEmpty else { return false }
    let new = tail.filter { !allowed.contains($0) }
    return Double(new.count) / Double(tail.count) >= 0.5
  }

  static let answerOpeners = [
    "yes", "no", "sure", "certainly", "of course", "the answer", "it is", "it's", "there are",
  ]
  .map(flatten)

  /// Whether the output opens like an answer and the dictation does not.
  static func opensWithAnswer(_ output: String, input: String) -> Bool {
    let flatOutput = flatten(output)
    let flatInput = flatten(input)
    return answerOpeners.contains { flatOutput.hasPrefix($0 + " ") && !flatInput.hasPrefix($0 + " ") }
  }

  static let requestVerbs: Set<String> = [
    "write", "draft", "compose", "translate", "summarize", "summarise", "explain", "list", "give", "tell",
    "generate", "create", "rewrite", "answer", "describe", "calculate", "suggest", "find", "show",
  ]

  /// Whether the dictation reads like a request to an assistant ("write a poem…", "can you explain…").
  static func isRequest(_ input: String) -> Bool {
    var words = AgentAddress.words(input)
    while let first = words.first,
      ["please", "can", "could", "would", "will", "you", "hey", "ok", "okay"].contains(first)
    {
      words.removeFirst()
    }
    return words.first.map(requestVerbs.contains) ?? false
  }

  /// Lower-cased words without apostrophes, joined by single spaces, for phrase search ("I’m" and "Im" match).
  static func flatten(_ text: String) -> String {
    text.lowercased().replacingOccurrences(of: "’", with: "").replacingOccurrences(of: "'", with: "")
      .split(whereSeparator: { !($0.isLetter || $0.isNumber) }).joined(separator: " ")
  }

  private static func runs(_ words: [String], size: Int) -> Set<[String]> {
    guard words.count >= size else { return [] }
    return Set((0...(words.count - size)).map { Array(words[$0..<($0 + size)]) })
  }
}
