import Foundation
import TestSupport
import Testing

/// A session whose engine cannot run says so before it says ready, never after the user has spoken.
@Suite(
  "utter host: an engine that cannot run is refused before the session is ready", .serialized,
  .enabled(if: SyntheticSpeech.isAvailable))
struct EngineReadinessTests {
  @Test("a cloud engine without its key: one line naming the key, before ready, and nothing recorded")
  func cloudEngineWithoutKey() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(
      mic: try workspace.speech("Good morning."), environment: ["OPENAI_API_KEY": ""], engine: "openai")
    defer { host.terminate() }
    #expect(await host.exit(timeout: 60), "utter host gives up at once")
    let lines = host.stderr.split(separator: "\n").filter { $0.contains("utter:") }
    #expect(lines.count == 1, "\(host.stderr)")
    #expect(lines.first?.contains("no API key for OpenAI: run `utter keys set openai`") == true, "\(host.stderr)")
    #expect(!host.stderr.contains("ready"), "never said ready")
    #expect(host.process.terminationStatus != 0)
  }
}
