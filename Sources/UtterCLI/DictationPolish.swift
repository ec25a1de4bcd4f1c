import Foundation
import HTTPTransport
import LLMPolish
import TextPipeline

/// What the optional LLM polish did to a dictation, as `--json` reports it.
struct PolishReport: Encodable {
  var provider: String
  var usedLLM: Bool
  /// Why the model's text was not used (the deterministic text was kept).
  var rejection: String?
  var latencySeconds: Double
}

/// Optional LLM polish after the deterministic pipeline; any failure keeps the deterministic text.
enum DictationPolish {
  /// Polishes `text` with provider `id` (keys from the data folder), returning the text to use and a report.
  static func run(
    _ text: String, provider id: String, model: String?, vocabulary: [String], agentName: String,
    baseURL: URL?, dataDirectory: URL
  ) async throws -> (text: String, report: PolishReport, trace: StageChange?) {
    let provider: any LLMProvider
    do {
      provider = try LLMProviderCatalog.make(
        id: id, keys: CloudEngineCatalog.keys(dataDirectory: dataDirectory), http: LiveHTTPClient(),
        model: model, baseURL: baseURL)
    } catch {
      throw CLIError("\(error)")
    }
    let polisher = Polisher(
      provider: provider, settings: PolishSettings(agentName: agentName, vocabulary: vocabulary, model: model))
    let result = await polisher.polish(text)
    let seconds = Double(result.latency.components.seconds) + Double(result.latency.components.attoseconds) / 1e18
    let report = PolishReport(
      provider: id, usedLLM: result.usedLLM, rejection: result.rejectionReason, latencySeconds: seconds)
    let stage = result.usedLLM ? "llm-polish" : "llm-polish (kept deterministic text: \(result.rejectionReason ?? "no change"))"
    let trace = StageChange(stage: stage, before: text, after: result.usedLLM ? result.text : text)
    return (result.usedLLM ? result.text : text, report, trace)
  }
}
