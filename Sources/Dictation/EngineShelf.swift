import Foundation
import SpeechEngine

/// The engines a device offers, registered by its platform (whisper.cpp and the cloud engines in the CLI; WhisperKit,
/// Apple's transcriber and the cloud engines in the app), and the one loaded, kept between dictations: every entry
/// point loads its engine here, by the choice its pipeline passes.
public actor EngineShelf {
  public nonisolated let registry: SpeechEngineRegistry
  private var loaded: (choice: EngineChoice, engine: any SpeechEngine)?
  /// The load under way: a second caller for the same choice waits for it instead of loading the model again.
  private var loading: (choice: EngineChoice, id: UUID, task: Task<any SpeechEngine, Error>)?

  public init(registry: SpeechEngineRegistry) {
    self.registry = registry
  }

  /// The engine for `choice`, loading it when another (or none) is loaded.
  public func engine(for choice: EngineChoice) async throws -> any SpeechEngine {
    if let loaded, loaded.choice == choice { return loaded.engine }
    if let loading, loading.choice == choice { return try await loading.task.value }
    let registry = registry
    let id = UUID()
    let task = Task { try await registry.makeEngine(id: choice.id, model: choice.model) }
    loading = (choice, id, task)
    defer { if loading?.id == id { loading = nil } }
    let engine = try await task.value
    // NB: an unload or another choice while this loaded wins: the engine is handed over but not kept.
    if loading?.id == id { loaded = (choice, engine) }
    return engine
  }

  /// Keeps an engine prepared elsewhere (onboarding, settings), so the next dictation does not load it again.
  public func keep(_ engine: any SpeechEngine, for choice: EngineChoice) {
    loaded = (choice, engine)
    loading = nil
  }

  /// Lets the loaded engine go (memory is short); the next dictation loads it again.
  public func unload() {
    loaded = nil
    loading = nil
  }

  /// Why `choice` cannot run at all, in one line, or nil: an engine this device does not offer, or a cloud engine
  /// that cannot be made (no API key, no address). A cloud engine is made here (nothing goes over the network) and
  /// kept; an engine on this device is only looked up, since loading its model is what the first dictation does
  /// behind its capture.
  public func refusal(for choice: EngineChoice) async -> String? {
    guard let descriptor = registry.descriptor(id: choice.id) else {
      let known = registry.descriptors.map(\.id).joined(separator: ", ")
      return "there is no speech engine '\(choice.id)' here (engines: \(known))"
    }
    guard !descriptor.isOnDevice else { return nil }
    do {
      _ = try await engine(for: choice)
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// The choice whose engine is loaded, if any.
  public var loadedChoice: EngineChoice? { loaded?.choice }

  /// This shelf's engines for a `DictationPipeline`: loaded, let go and checked here.
  public nonisolated var access: EngineAccess {
    let registry = registry
    return EngineAccess(
      load: { choice in try await self.engine(for: choice) }, unload: { await self.unload() },
      check: { choice in await self.refusal(for: choice) },
      route: { language, choice in registry.route(language: language, engine: choice.id, model: choice.model) })
  }
}
