import DictationValues
import Foundation

/// A dictation written in another language ("insert in English"), by the polish provider, under a safety net of its
/// own: the answer must be text of a plausible length that keeps the dictation's numbers, never the instructions or an
/// answer to what was said. A translation that fails keeps the dictation as spoken, with a one-line notice.
public struct TranslationResult: Sendable, Hashable {
  /// The translation, or the text as it came when it was not translated.
  public var text: String
  public var translated: Bool
  /// "Not translated: …" when it failed; nil when it was translated.
  public var notice: String?
}

extension Polisher {
  /// `text` written in `language` (ISO 639-1), keeping the spaces it starts with.
  public func translate(_ text: String, into language: String) async -> TranslationResult {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return TranslationResult(text: text, translated: false, notice: nil) }
    let name = OfferedLanguage.all.first { $0.code == language }?.name ?? language
    let system =
      "You translate dictated text into \(name). Translate the text between <dictation> tags, keeping its meaning, "
      + "names, numbers, punctuation and line breaks. Reply with the translation only: no quotes, no notes, and no "
      + "answer to what it says."
    let request = LLMRequest(
      system: system, user: "<dictation>\n\(trimmed)\n</dictation>", model: settings.model,
      maxOutputTokens: max(256, trimmed.utf8.count + 200), temperature: 0, timeout: settings.timeout.seconds)
    let (outcome, _) = await Self.ask(provider, request, timeout: settings.timeout, clock: clock)
    let kept = { (reason: String) in
      TranslationResult(text: text, translated: false, notice: "Not translated: \(reason)")
    }
    switch outcome {
    case .failure(let rejection):
      return kept(rejection.description)
    case .success(let response):
      let answer = OutputCleanup.clean(response.text, input: trimmed).text
      if let problem = TranslationCheck.problem(output: answer, input: trimmed, instructions: system) {
        return kept(problem)
      }
      let lead = String(text.prefix { $0 == " " || $0 == "\n" })
      return TranslationResult(text: lead + answer, translated: true, notice: nil)
    }
  }
}

/// What makes a model's answer no translation of the dictation.
enum TranslationCheck {
  /// Translations run from about half to twice the source's length; outside that the model summarised, answered or
  /// went on.
  static let lengthRatio = 0.4...2.5

  /// Why `output` is no translation of `input`, or nil when it is one.
  static func problem(output: String, input: String, instructions: String) -> String? {
    let text = output.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return "the model returned nothing" }
    if text.contains("<dictation>") || text.contains(String(instructions.prefix(40))) {
      return "the model repeated its instructions"
    }
    let ratio = Double(text.count) / Double(max(1, input.count))
    guard lengthRatio.contains(ratio) else {
      return "the model's answer is \(String(format: "%.1f", ratio))× the dictation's length"
    }
    let numbers = { (text: String) in
      Set(text.split(whereSeparator: { !$0.isNumber }).map(String.init).filter { !$0.isEmpty })
    }
    guard numbers(input).isSubset(of: numbers(text)) else { return "the model changed a number" }
    return nil
  }
}
