import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A dictation whose engine cannot load is in history at once, failed, with its audio: never only in the spool, to
/// be found by the next session.
@Suite(
  "utter host: a dictation whose engine cannot load is kept in history at once", .serialized,
  .enabled(if: SyntheticSpeech.isAvailable))
struct EngineLoadFailureSessionTests {
  @Test(
    "OpenAI's key deleted after ready: the keyboard's line names the missing key, history has the dictation failed with its audio while the session runs, and retry reads it once an engine can"
  )
  func keyDeletedMidSession() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let data = ["--data-dir", workspace.dataDirectory.path]
    // NB: no request reaches OpenAI: the key is gone before the engine is made again, and readiness makes it offline.
    let noEnvironmentKey = ["OPENAI_API_KEY": ""]
    let set = try await UtterBinary.run(["keys", "set", "openai", "sk-test"] + data)
    #expect(set.status == 0, "\(set.stderr)")
    let host = try workspace.startHost(
      mic: try workspace.speech("Good morning."), environment: noEnvironmentKey, engine: "openai")
    defer { host.terminate() }
    #expect(await host.log("speech engine ready"), "\(host.stderr)")
    let removed = try await UtterBinary.run(["keys", "remove", "openai"] + data)
    #expect(removed.status == 0, "\(removed.stderr)")
    // A memory warning lets the engine go; the next tap records at once and loads it again, now without a key.
    kill(host.process.processIdentifier, SIGHUP)
    #expect(await host.log("engine unloaded: memory is short"), "\(host.stderr)")

    let keyboard = try await workspace.runKeyboard("start; wait 1.5; stop; wait-phase error 60")
    #expect(
      keyboard.stderr.contains("Couldn't transcribe that: no API key for OpenAI: run `utter keys set openai`"),
      "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("Your audio is kept in Utter's history."))
    // While the session still runs: history has it now, not when a next session recovers the spool.
    #expect(host.stderr.contains("kept in history as failed, with its audio"), "\(host.stderr)")
    let rows = try workspace.historyRows()
    #expect(rows.count == 1 && rows.first?.contains("|failed|keyboard|0|") == true, "\(rows)")
    #expect(workspace.spooledSeconds == 0, "nothing left in the spool for the next session")
    let shown = try await UtterBinary.run(["history", "show", "1"] + data)
    let lines = shown.stdout.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("Engine") && $0.hasSuffix(" openai") }, "the engine chosen: \(shown.stdout)")
    #expect(lines.contains { $0.hasPrefix("Error") && $0.contains("no API key for OpenAI") }, "\(shown.stdout)")
    #expect(lines.contains { $0.hasPrefix("Audio") && $0.hasSuffix(".wav") }, "its audio, for retry: \(shown.stdout)")
    await host.stop()

    // The user picks the on-device engine instead of adding a key: Retry reads the kept audio.
    let onDevice = try await UtterBinary.run(["settings", "set", "engine", workspace.engine] + data)
    #expect(onDevice.status == 0, "\(onDevice.stderr)")
    let retry = try await UtterBinary.run(["history", "retry", "1"] + data, environment: noEnvironmentKey)
    #expect(retry.status == 0, "\(retry.stderr)")
    let retried = try workspace.historyRows()
    #expect(retried.count == 1 && retried.first?.contains("|complete|") == true, "\(retried)")
    if workspace.engine == "whisper" {
      #expect(retried.first?.lowercased().contains("good morning") == true, "read from the audio kept: \(retried)")
    }
  }
}
