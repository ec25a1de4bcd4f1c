import Clocks
import Foundation
import HTTPTransport
import Logging

/// A rewrite of selected text, ready to replace the selection.
public struct CommandResult: Sendable, Hashable {
  public var text: String
  /// The provider id that answered.
  public var provider: String
  public var model: String
  public var latency: Duration
}

/// Why command mode left the selection unchanged: one line for the user.
public struct CommandModeError: Error, Sendable, Hashable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// Applies a spoken instruction to selected text: "make this more concise", "translate to Spanish", "turn
/// into bullet points". With an empty selection the instruction writes new text.
///
/// Any failure throws `CommandModeError`, so the caller keeps the selection as it was.
public struct CommandMode: Sendable {
  public var provider: any LLMProvider
  /// The longest to wait for the model.
  public var timeout: Duration
  /// The model to ask; nil means the provider's.
  public var model: String?
  /// Dictionary terms the model must keep spelled as given.
  public var vocabulary: [String]
  public var clock: UtterClock
  public var logger: Logger

  public init(
    provider: any LLMProvider, timeout: Duration = .seconds(30), model: String? = nil, vocabulary: [String] = [],
    clock: UtterClock = .system, logger: Logger = Logger(label: "utter.command")
  ) {
    self.provider = provider
    self.timeout = timeout
    self.model = model
    self.vocabulary = vocabulary
    self.clock = clock
    self.logger = logger
  }

  /// The instructions command mode sends.
  public func systemPrompt(hasSelection: Bool) -> String {
    var lines = [
      "You edit text inside a keyboard. The user selected some text, given between <selection> and </selection>, "
        + "and spoke an instruction, given between <instruction> and </instruction>. Apply the instruction to the "
        + "selection and reply only with the resulting text, which replaces the selection.",
      "- No preface such as \"Here is\", no quotation marks around the result, no explanations, no notes.",
      "- Keep the selection's language unless the instruction asks for another.",
      "- Keep formatting such as line breaks and lists unless the instruction changes it.",
    ]
    if !hasSelection {
      lines.append("- The selection is empty: write the text the instruction asks for.")
    }
    let terms = vocabulary.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    if !terms.isEmpty {
      lines.append("Spell these names and terms exactly as written here: " + terms.joined(separator: ", ") + ".")
    }
    return lines.joined(separator: "\n")
  }

  /// The text that should replace `selection` after applying `instruction`.
  public func rewrite(selection: String, instruction: String) async throws -> CommandResult {
    let spoken = instruction.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !spoken.isEmpty else { throw CommandModeError("say what to do with the selection") }
    let hasSelection = !selection.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    let system = systemPrompt(hasSelection: hasSelection)
    let user = "<selection>\n\(selection)\n</selection>\n<instruction>\n\(spoken)\n</instruction>"
    let request = LLMRequest(
      system: system, user: user, model: model, maxOutputTokens: max(1024, selection.utf8.count + 512),
      temperature: 0.3, timeout: timeout.seconds)
    logger.trace("command", metadata: ["instruction": "\(spoken)", "selection": "\(selection)"])

    let (outcome, latency) = await Polisher.ask(provider, request, timeout: timeout, clock: clock)
    let unchanged = "; the selection is unchanged"
    switch outcome {
    case .failure(let rejection):
      throw CommandModeError(rejection.description + unchanged)
    case .success(let response):
      let cleaned = OutputCleanup.clean(response.text, input: selection)
      let text = cleaned.text
      guard !text.isEmpty else { throw CommandModeError("\(provider.displayName) returned nothing" + unchanged) }
      if SafetyNet.isRefusal(text, input: selection + " " + spoken) {
        throw CommandModeError("\(provider.displayName) declined the request" + unchanged)
      }
      if SafetyNet.echoesInstructions(text, instructions: system, input: selection + " " + spoken) {
        throw CommandModeError("\(provider.displayName) repeated its instructions" + unchanged)
      }
      logger.debug(
        "command finished", metadata: ["provider": "\(provider.id)", "latency": "\(latency)"])
      return CommandResult(text: text, provider: provider.id, model: response.model, latency: latency)
    }
  }
}
