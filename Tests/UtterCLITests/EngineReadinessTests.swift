import Foundation
import ProviderTestSupport
import Synchronization
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

/// A failed dictation tells the keyboard why, and keeps the audio for retry.
@Suite(
  "utter host: a provider's refusal reaches the keyboard with its cause", .serialized,
  .enabled(if: SyntheticSpeech.isAvailable))
struct ProviderFailureCauseTests {
  @Test(
    "a speech server answering 401, 429 or 500: the keyboard's line names the cause; the audio stays in history",
    arguments: [
      (401, "rejected the API key"), (429, "is limiting requests (HTTP 429)"), (500, "had a server error (HTTP 500)"),
    ])
  func causeReachesTheKeyboard(status: Int, cause: String) async throws {
    let fixed = Mutex(false)
    try await FakeProviderServer.with({ _ in
      fixed.withLock { $0 }
        ? .json(#"{"text":"Good morning."}"#) : .json(#"{"error":{"message":"nope"}}"#, status: status)
    }) { server in
      let workspace = try SessionWorkspace()
      defer { workspace.remove() }
      let data = ["--data-dir", workspace.dataDirectory.path]
      for command in [
        ["settings", "set", "engine-base-url", server.url("/v1").absoluteString],
        ["settings", "set", "engine", "openai-compatible"],
        ["keys", "set", "openai-compatible", "own-key"],
      ] {
        let result = try await UtterBinary.run(command + data)
        #expect(result.status == 0, "\(result.stderr)")
      }
      let host = try workspace.startHost(
        mic: try workspace.speech("Good morning."), engine: "openai-compatible")
      defer { host.terminate() }
      #expect(await host.log("ready"), "\(host.stderr)")
      let keyboard = try await workspace.runKeyboard("start; wait 1.5; stop; wait-phase error 60")
      #expect(keyboard.stderr.contains("Couldn't transcribe that: "), "\(keyboard.stderr)")
      #expect(keyboard.stderr.contains(cause), "\(keyboard.stderr)")
      #expect(keyboard.stderr.contains("Your audio is kept in Utter's history."))
      await host.stop()
      #expect(try workspace.historyRows().contains { $0.contains("|failed|") }, "the audio is kept for retry")
      fixed.withLock { $0 = true }
      let retry = try await UtterBinary.run(["history", "retry", "1"] + data)
      #expect(retry.status == 0, "\(retry.stderr)")
      #expect(try workspace.historyRows().first?.contains("|complete|") == true, "retried once the server was fixed")
      #expect(try workspace.historyRows().first?.contains("Good morning") == true)
    }
  }
}
