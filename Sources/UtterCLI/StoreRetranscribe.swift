import Foundation

/// Transcribes a history entry's spooled audio again with the configured engine and text pipeline.
/// The coordinator replaces this stub with the real speech path.
func retranscribe(audioURL: URL, dataDir: URL) async throws -> (
  raw: String, final: String, engine: String, model: String
) {
  throw CLIError("retry needs the speech engine")
}
