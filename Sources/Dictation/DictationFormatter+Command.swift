import DictationValues
import Foundation
import LLMPolish
import TextPipeline

extension DictationFormatter {
  /// Command mode: `instruction` (what the user said) applied to `selection` by the polish provider, behind command
  /// mode's safety net. The text replaces the selection, keeping the spaces around it; when the rewrite cannot run
  /// or is refused, the text is the selection unchanged and the notice says why.
  public func command(_ instruction: String, selection: String) async -> FormattedText {
    let lead = String(selection.prefix { $0.isWhitespace })
    let trail = String(selection.dropFirst(lead.count).reversed().prefix { $0.isWhitespace }.reversed())
    let body = String(selection.dropFirst(lead.count).dropLast(trail.count))
    var kept = FormattedText(text: selection, trace: [TraceStep(stage: "command", text: instruction)])
    switch polisher {
    case .none:
      kept.notice = "Not rewritten: choose a polish provider in Settings › Polish for commands."
      return kept
    case .failure(let unavailable):
      kept.notice = "Not rewritten: \(unavailable.description)."
      return kept
    case .success(let polisher):
      let mode = CommandMode(
        provider: polisher.provider, timeout: polisher.settings.timeout, model: polisher.settings.model,
        vocabulary: polisher.settings.vocabulary, clock: polisher.clock, logger: polisher.logger)
      do {
        let result = try await mode.rewrite(selection: body, instruction: instruction)
        let text = lead + result.text + trail
        kept.trace.append(TraceStep(stage: "command (\(result.provider))", text: text))
        return FormattedText(text: text, trace: kept.trace)
      } catch {
        kept.notice = "Not rewritten: \(error)."
        kept.trace.append(TraceStep(stage: "command (selection kept)", text: "\(error)"))
        return kept
      }
    }
  }
}
