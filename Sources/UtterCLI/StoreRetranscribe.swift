import Foundation

/// Transcribes a history entry's kept audio again with the configured engine and text pipeline (the same path
/// as `utter transcribe`), without recording a second history entry: the caller updates the original.
func retranscribe(audioURL: URL, dataDir: URL) async throws -> (
  raw: String, final: String, engine: String, model: String
) {
  let request = DictationRequest(audioURL: audioURL, source: .cli, keepInHistory: false)
  let outcome = try await FileDictation(dataDirectory: dataDir).run(request)
  return (outcome.rawText, outcome.text, outcome.engine, outcome.model)
}
