import Dictation
import Foundation
import SessionTestFakes
import SpeechEngine
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
    _ = try await shelf.loader(.whisper("base.en"))
    #expect(made.all == ["whisper base.en"])
    _ = try await shelf.engine(for: .apple)
    #expect(made.all == ["whisper base.en", "apple"])
    #expect(await shelf.loadedChoice == .apple)
    await shelf.unload()
    _ = try await shelf.engine(for: .apple)
    #expect(made.all == ["whisper base.en", "apple", "apple"], "unloaded engines load again")
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
    #expect(WhisperModelChoice.recommended(for: "openai_whisper-small.en") == "small.en")
    #expect(WhisperModelChoice.recommended(for: "openai_whisper-unknown") == "base.en")
  }
}
