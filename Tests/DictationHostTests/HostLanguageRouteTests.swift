import DictationHost
import DictationValues
import Foundation
import SessionChannel
import SessionTestFakes
import TestSupport
import Testing

@Suite("Dictation host: a field's language and the model that reads it", .serialized)
struct HostLanguageRouteTests {
  @Test("a language no model here reads is refused before the microphone starts, with the line, and nothing is kept")
  func refusedBeforeRecording() async throws {
    let line = "the speech model tiny.en reads English only; for French, run `utter engines install --model base`"
    let harness = try HostHarness(
      engine: ScriptedEngine(["see you"]), routeEngine: { field in field.language == "fr" ? .refused(line) : .same })
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start, context: FieldContext(language: "fr"))
    #expect(await eventually { harness.keyboard.state?.failure != nil })
    let failure = try #require(harness.keyboard.state?.failure)
    #expect(failure.reason == .languageNotRead && failure.cause == line)
    #expect(failure.reason.message(cause: failure.cause) == "Not recorded: \(line).")
    #expect(harness.keyboard.state?.phase == .standby)
    #expect(harness.microphone.captureCount == 0, "the microphone never started")
    #expect(harness.archive.dictations.isEmpty && harness.channel.resultIDs().isEmpty)
    #expect(try await harness.startDictation(context: FieldContext(language: "en")), "an English field still records")
    await harness.stop()
  }

  @Test("another model for the field's language: the one in memory goes, and the dictation loads that one")
  func changedModelLoadsBehindTheCapture() async throws {
    let loads = EngineLoads()
    loads.finish(0)
    loads.finish(1)
    let harness = try HostHarness(
      engine: ScriptedEngine(["à demain"]), loads: loads,
      routeEngine: { field in field.language == "fr" ? .changed : .same })
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby && loads.started == 1 })
    #expect(await eventually { await harness.host.engineState == .loaded })
    #expect(try await harness.startDictation(context: FieldContext(language: "fr")))
    #expect(await eventually { loads.unloadCount == 1 && loads.started == 2 }, "let go, then loaded again")
    await harness.stop()
  }
}
