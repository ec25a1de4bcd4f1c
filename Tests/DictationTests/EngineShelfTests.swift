import Dictation
import Foundation
import SessionTestFakes
import SpeechEngine
import TestSupport
import Testing

/// Counts the engines a registry made.
final class MadeEngines: @unchecked Sendable {
  private let lock = NSLock()
  private var made: [String] = []
  func note(_ name: String) { lock.withLock { made.append(name) } }
  var all: [String] { lock.withLock { made } }
}

@Suite("Engines are registered once and loaded by the pipeline's choice")
struct EngineShelfTests {
  static func shelf(_ made: MadeEngines) -> EngineShelf {
    var registry = SpeechEngineRegistry()
    registry.register(
      EngineDescriptor(id: EngineChoice.whisperID, name: "Whisper", models: ["tiny.en", "base.en"], isOnDevice: true)
    ) { model in
      made.note("whisper \(model ?? "default")")
      return ScriptedEngine(["hello"])
    }
    registry.register(EngineDescriptor(id: EngineChoice.appleID, name: "Apple", models: [], isOnDevice: true)) { _ in
      made.note("apple")
      return ScriptedEngine(["hi"])
    }
    return EngineShelf(registry: registry)
  }

  @Test("the engine the settings choose is loaded once and kept; choosing another loads that one")
  func keepsTheLoadedEngine() async throws {
    let made = MadeEngines()
    let shelf = Self.shelf(made)
    _ = try await shelf.engine(for: .whisper("base.en"))
    _ = try await shelf.access.load(.whisper("base.en"))
    #expect(made.all == ["whisper base.en"])
    _ = try await shelf.engine(for: .apple)
    #expect(made.all == ["whisper base.en", "apple"])
    #expect(await shelf.loadedChoice == .apple)
    await shelf.unload()
    _ = try await shelf.engine(for: .apple)
    #expect(made.all == ["whisper base.en", "apple", "apple"], "unloaded engines load again")
  }

  @Test("a second caller while the model loads waits for that load: the model is loaded once, not twice")
  func concurrentCallersShareOneLoad() async throws {
    let made = MadeEngines()
    let gate = Gate()
    var registry = SpeechEngineRegistry()
    registry.register(
      EngineDescriptor(id: EngineChoice.whisperID, name: "Whisper", models: ["base.en"], isOnDevice: true)
    ) { model in
      made.note("whisper \(model ?? "default")")
      await gate.wait()
      return ScriptedEngine(["hello"])
    }
    let shelf = EngineShelf(registry: registry)
    // The app's preload and the host's first tap ask at the same time.
    async let first = shelf.engine(for: .whisper("base.en"))
    async let second = shelf.engine(for: .whisper("base.en"))
    while gate.arrived < 1 { await Task.yield() }
    // NB: lets the second caller reach the shelf too; without the shared load it would arrive at the gate.
    for _ in 0..<1_000 { await Task.yield() }
    #expect(gate.arrived == 1)
    gate.open()
    let engines = try await [first, second]
    #expect(engines.count == 2)
    #expect(made.all == ["whisper base.en"])
    #expect(await shelf.loadedChoice == .whisper("base.en"))
  }

  @Test("an engine or model the device does not have is a one-line error naming what it has")
  func unknownChoices() async throws {
    let shelf = Self.shelf(MadeEngines())
    await #expect(throws: SpeechEngineError("unknown engine 'vosk' (known: whisper, apple)")) {
      _ = try await shelf.engine(for: EngineChoice(id: "vosk", model: nil))
    }
    await #expect(throws: SpeechEngineError("engine 'whisper' has no model 'huge' (models: tiny.en, base.en)")) {
      _ = try await shelf.engine(for: .whisper("huge"))
    }
  }

  @Test("settings name each engine without a screen spelling its id")
  func titles() {
    #expect(EngineChoice.whisper("base.en").title == "Whisper base.en")
    #expect(EngineChoice.apple.title == "Apple (on device)")
    #expect(EngineChoice(id: "openai", model: "whisper-1").title == "openai whisper-1")
  }

  @Test("before a session is ready: an unknown engine and a cloud engine without its key are refused in one line")
  func refusals() async throws {
    let made = MadeEngines()
    var registry = SpeechEngineRegistry()
    registry.register(
      EngineDescriptor(id: EngineChoice.whisperID, name: "Whisper", models: ["base.en"], isOnDevice: true)
    ) { _ in
      made.note("whisper loaded")
      return ScriptedEngine(["hello"])
    }
    registry.register(EngineDescriptor(id: "openai", name: "OpenAI", models: ["whisper-1"], isOnDevice: false)) { _ in
      throw SpeechEngineError("no API key for OpenAI: run `utter keys set openai`")
    }
    let shelf = EngineShelf(registry: registry)
    #expect(
      await shelf.refusal(for: EngineChoice(id: "openai", model: nil))
        == "no API key for OpenAI: run `utter keys set openai`")
    #expect(
      await shelf.refusal(for: EngineChoice(id: "vosk", model: nil))
        == "there is no speech engine 'vosk' here (engines: whisper, openai)")
    #expect(await shelf.refusal(for: .whisper("base.en")) == nil)
    #expect(made.all.isEmpty, "a model on the device is not loaded to check it: the first dictation loads it")
  }
}
