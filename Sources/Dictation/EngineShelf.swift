import SpeechEngine

/// The engines a device offers, registered by its platform (whisper.cpp and the cloud engines in the CLI; WhisperKit,
/// Apple's transcriber and the cloud engines in the app), and the one loaded, kept between dictations: every entry
/// point loads its engine here, by the choice its pipeline passes.
public actor EngineShelf {
  public nonisolated let registry: SpeechEngineRegistry
  private var loaded: (choice: EngineChoice, engine: any SpeechEngine)?

  public init(registry: SpeechEngineRegistry) {
    self.registry = registry
  }

  /// The engine for `choice`, loading it when another (or none) is loaded.
  public func engine(for choice: EngineChoice) async throws -> any SpeechEngine {
    if let loaded, loaded.choice == choice { return loaded.engine }
    let engine = try await registry.makeEngine(id: choice.id, model: choice.model)
    loaded = (choice, engine)
    return engine
  }

  /// Keeps an engine prepared elsewhere (onboarding, settings), so the next dictation does not load it again.
  public func keep(_ engine: any SpeechEngine, for choice: EngineChoice) {
    loaded = (choice, engine)
  }

  /// Lets the loaded engine go (memory is short); the next dictation loads it again.
  public func unload() {
    loaded = nil
  }

  /// The choice whose engine is loaded, if any.
  public var loadedChoice: EngineChoice? { loaded?.choice }

  /// Frees the loaded engine for a `DictationPipeline` (its host lets it go when idle or short of memory).
  public nonisolated var unloader: @Sendable () async -> Void {
    { await self.unload() }
  }

  /// Loads engines for a `DictationPipeline`.
  public nonisolated var loader: EngineLoading {
    { choice in try await self.engine(for: choice) }
  }
}
