import SpeechEngine
import Testing

@Suite("Which model reads a dictation's language")
struct ModelRouteTests {
  /// A registry with a Whisper-like engine (`tiny.en` English only, `base` any language) that has `installed`, and a
  /// cloud engine that says nothing of its models.
  static func registry(installed: [String]) -> SpeechEngineRegistry {
    var registry = SpeechEngineRegistry()
    registry.register(
      EngineDescriptor(id: "whisper", name: "Whisper", models: ["tiny.en", "base", "small.en"], isOnDevice: true),
      models: InstalledModels(installed: { installed }, howToInstall: { "run `utter engines install --model \($0)`" })
    ) { _ in throw SpeechEngineError("not loaded in this test") }
    registry.register(EngineDescriptor(id: "groq", name: "Groq", models: ["whisper-large-v3"], isOnDevice: false)) {
      _ in throw SpeechEngineError("not loaded in this test")
    }
    return registry
  }

  @Test("the chosen model where it reads the language, or when it is detected, or for a cloud engine")
  func chosen() {
    let registry = Self.registry(installed: ["tiny.en"])
    #expect(registry.route(language: "en", engine: "whisper", model: "tiny.en") == .chosen)
    #expect(registry.route(language: "en", engine: "whisper", model: nil) == .chosen, "nil: the engine's default")
    #expect(registry.route(language: nil, engine: "whisper", model: "tiny.en") == .chosen)
    #expect(registry.route(language: "fr", engine: "groq", model: nil) == .chosen)
    #expect(
      Self.registry(installed: ["tiny.en", "base"]).route(language: "pt-BR", engine: "whisper", model: "base")
        == .chosen)
  }

  @Test("an installed model that reads it when the chosen one cannot, in the engine's order")
  func installedInstead() {
    let registry = Self.registry(installed: ["small.en", "base", "tiny.en"])
    #expect(registry.route(language: "fr", engine: "whisper", model: "tiny.en") == .installed(model: "base"))
    #expect(registry.route(language: "pt-BR", engine: "whisper", model: "small.en") == .installed(model: "base"))
  }

  @Test("none installed reads it: one line that names the language and the model to install")
  func refused() {
    let registry = Self.registry(installed: ["tiny.en", "small.en"])
    #expect(
      registry.route(language: "fr", engine: "whisper", model: "tiny.en")
        == .refused(
          "the speech model tiny.en reads English only; for French, run `utter engines install --model base`"))
    var onlyEnglish = SpeechEngineRegistry()
    onlyEnglish.register(
      EngineDescriptor(id: "parakeet", name: "Parakeet", models: ["v2"], isOnDevice: true),
      models: InstalledModels(
        installed: { ["v2"] }, languages: { _ in ["en"] }, howToInstall: { "download \($0) in Utter" })
    ) { _ in throw SpeechEngineError("not loaded in this test") }
    #expect(
      onlyEnglish.route(language: "de", engine: "parakeet", model: "v2")
        == .refused("the speech model v2 reads English only, and no model of it reads German"))
  }
}
