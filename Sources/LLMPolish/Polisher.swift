import Clocks
import DictationValues
import Foundation
import HTTPTransport
import Logging

/// What polish produced: the model's clean-up, or the deterministic text and the reason it was kept.
public struct PolishResult: Sendable, Hashable {
  /// The text to deliver.
  public var text: String
  /// Whether `text` came from the model.
  public var usedLLM: Bool
  /// Why the model's answer was not used, when it wasn't.
  public var rejection: PolishRejection?
  /// The provider id asked, e.g. `openai`; nil when no request was made.
  public var provider: String?
  /// The model that answered, when one did.
  public var model: String?
  /// Time spent waiting for the model.
  public var latency: Duration
  /// Wrappers removed from the model's answer (`preface`, `quotes`…).
  public var removedWrappers: [String]
  /// Whether the dictation was an instruction to the agent ("Hey Utter, …").
  public var wasInstruction: Bool

  /// `rejection` as one line, for display and logs.
  public var rejectionReason: String? { rejection?.description }
}

/// Settings for polish: what the user set (the agent's name, the dictionary, the model) and how long to wait, with
/// the tuning (styles, safety thresholds, the shortest dictation worth a model) at its defaults unless changed.
public struct PolishSettings: Sendable, Hashable, Codable {
  /// The name that turns a dictation into an instruction: "Hey <agentName>, …".
  public var agentName: String
  /// Dictionary terms the model must keep spelled as given.
  public var vocabulary: [String]
  /// The model to ask; nil means the provider's.
  public var model: String?
  /// The longest polish may wait for the model before keeping the deterministic text.
  public var timeout: Duration
  /// Styles by field kind, and where polish is off.
  public var styles = PolishStyles()
  public var thresholds = SafetyThresholds()
  /// Dictations with fewer words are kept as they are ("OK.", "Thanks!"): a model adds only latency there.
  public var minimumWords = 3

  public init(
    agentName: String = "Utter", vocabulary: [String] = [], model: String? = nil, timeout: Duration = .seconds(6)
  ) {
    self.agentName = agentName
    self.vocabulary = vocabulary
    self.model = model
    self.timeout = timeout
  }
}

/// Rewrites deterministic text with a language model, and keeps the deterministic text whenever the model
/// fails, is late, or answers something other than a faithful clean-up.
///
/// It never throws: every failure becomes a `PolishResult` with `usedLLM == false` and a reason. Dictated
/// text is logged only at `.trace`; keys never.
public struct Polisher: Sendable {
  public var provider: any LLMProvider
  public var settings: PolishSettings
  public var clock: UtterClock
  public var logger: Logger

  public init(
    provider: any LLMProvider, settings: PolishSettings = PolishSettings(),
    clock: UtterClock = .system, logger: Logger = Logger(label: "utter.polish")
  ) {
    self.provider = provider
    self.settings = settings
    self.clock = clock
    self.logger = logger
  }

  /// Polishes `text` (the deterministic pipeline's output) for a field with `context`; `style` overrides the
  /// field's configured style.
  public func polish(_ text: String, context: FieldContext = FieldContext(), style: PolishStyle? = nil) async
    -> PolishResult
  {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let kind = context.kind
    let instruction = AgentAddress.instruction(in: trimmed, agentName: settings.agentName)
    guard !trimmed.isEmpty else { return kept(text, nil, provider: nil) }
    guard let chosenStyle = style ?? settings.styles.style(for: kind) ?? instruction.map({ _ in .casual }) else {
      return kept(text, .polishOff(kind), provider: nil)
    }

    if instruction == nil && trimmed.split(whereSeparator: \.isWhitespace).count < settings.minimumWords {
      return kept(text, .tooShort, provider: nil)
    }
    let task: PolishPrompt.Task = instruction == nil ? .clean : .instruction(agentName: settings.agentName)
    let system = PolishPrompt.system(task: task, style: chosenStyle, kind: kind, vocabulary: settings.vocabulary)
    let body = instruction ?? trimmed
    let request = LLMRequest(
      system: system, user: PolishPrompt.user(body, task: task), model: settings.model,
      maxOutputTokens: max(instruction == nil ? 256 : 1024, body.utf8.count / 2 + 200),
      temperature: 0.2, timeout: settings.timeout.seconds)
    logger.trace("polish input", metadata: ["text": "\(trimmed)"])

    let (outcome, latency) = await Self.ask(provider, request, timeout: settings.timeout, clock: clock)
    var result: PolishResult
    switch outcome {
    case .success(let response):
      let cleaned = OutputCleanup.clean(response.text, input: body)
      let verdict = SafetyNet(thresholds: settings.thresholds).judge(
        output: cleaned.text, input: body, instructions: system, vocabulary: settings.vocabulary,
        isInstruction: instruction != nil)
      switch verdict {
      case .accepted(let polished):
        result = PolishResult(
          text: polished, usedLLM: true, rejection: nil, provider: provider.id, model: response.model,
          latency: latency, removedWrappers: cleaned.removed, wasInstruction: instruction != nil)
      case .rejected(let rejection):
        result = kept(text, rejection, provider: provider.id, latency: latency, instruction: instruction != nil)
        result.model = response.model
        logger.trace("rejected polish output", metadata: ["text": "\(response.text)"])
      }
    case .failure(let rejection):
      result = kept(text, rejection, provider: provider.id, latency: latency, instruction: instruction != nil)
    }
    logger.debug(
      "polish finished",
      metadata: [
        "provider": "\(provider.id)", "usedLLM": "\(result.usedLLM)", "latency": "\(latency)",
        "reason": "\(result.rejectionReason ?? "-")", "removed": "\(result.removedWrappers)",
      ])
    return result
  }

  private func kept(
    _ text: String, _ rejection: PolishRejection?, provider: String?, latency: Duration = .zero,
    instruction: Bool = false
  ) -> PolishResult {
    PolishResult(
      text: text, usedLLM: false, rejection: rejection, provider: provider, model: nil, latency: latency,
      removedWrappers: [], wasInstruction: instruction)
  }

  /// Asks the provider, racing it against `timeout` on `clock`; failures become rejections.
  static func ask(
    _ provider: any LLMProvider, _ request: LLMRequest, timeout: Duration, clock: UtterClock
  ) async -> (Result<LLMResponse, PolishRejection>, Duration) {
    let start = clock.now()
    let outcome: Result<LLMResponse, PolishRejection>
    do {
      if let response = try await Deadline.run(timeout, clock: clock, { try await provider.complete(request) }) {
        outcome = .success(response)
      } else {
        outcome = .failure(.timedOut(seconds: timeout.seconds))
      }
    } catch let error as ProviderError {
      switch error.kind {
      case .timedOut: outcome = .failure(.timedOut(seconds: timeout.seconds))
      case .cancelled: outcome = .failure(.cancelled)
      default: outcome = .failure(.providerFailed(error.message))
      }
    } catch is CancellationError {
      outcome = .failure(.cancelled)
    } catch {
      outcome = .failure(.providerFailed("\(provider.displayName) failed: \(error)"))
    }
    let latency = Duration.seconds(clock.now() - start)
    if Task.isCancelled, case .success = outcome { return (.failure(.cancelled), latency) }
    return (outcome, latency)
  }
}

/// Runs work against a deadline.
enum Deadline {
  /// The value of `operation`, or nil when `timeout` passes first on `clock` (the operation is then cancelled).
  static func run<T: Sendable>(
    _ timeout: Duration, clock: UtterClock, _ operation: @escaping @Sendable () async throws -> T
  ) async throws -> T? {
    try await withThrowingTaskGroup(of: T?.self) { group in
      group.addTask { try await operation() }
      group.addTask {
        try await clock.sleep(timeout.seconds)
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next() else { return nil }
      return first
    }
  }
}
