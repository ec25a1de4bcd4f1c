import DictationHost
import Foundation
import Logging
import TextPipeline

extension SessionFormatting {
  /// The text pipeline followed by the optional LLM polish chosen in settings (`polish-provider`); any polish
  /// failure keeps the pipeline's text, with the reason in the trace.
  static func formatter(
    _ pipeline: TextPipeline, polishProvider: String?, polishModel: String?, agentName: String,
    dataDirectory: URL, logger: Logger
  ) -> TextFormatter {
    let deterministic = formatter(pipeline)
    guard let polishProvider, polishProvider != "none" else { return deterministic }
    let vocabulary = Vocabulary.prompt(for: pipeline.configuration.dictionary)
    return { raw, field in
      var formatted = await deterministic(raw, field)
      guard !formatted.text.isEmpty else { return formatted }
      do {
        let polished = try await DictationPolish.run(
          formatted.text, provider: polishProvider, model: polishModel, vocabulary: vocabulary,
          agentName: agentName, baseURL: nil, dataDirectory: dataDirectory)
        if let step = polished.trace { formatted.trace.append(FormatStep(stage: step.stage, text: step.after)) }
        formatted.text = polished.text
      } catch {
        logger.warning("polish is off for this dictation: \(error)")
      }
      return formatted
    }
  }
}
