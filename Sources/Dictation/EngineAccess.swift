import SpeechEngine

/// How a pipeline reaches its engines: loads the one for a choice, lets the loaded one go, and says why one cannot
/// run (an `EngineShelf`'s `access`; a bench or a test hands one engine with `only`).
public struct EngineAccess: Sendable {
  /// Loads the engine for a choice (the CLI's registry, the app's WhisperKit and Apple engines).
  public var load: @Sendable (EngineChoice) async throws -> any SpeechEngine
  /// Frees the loaded engine's model (`EngineShelf.unload`): a flow session's host lets it go when idle or short of
  /// memory.
  public var unload: @Sendable () async -> Void
  /// Why an engine cannot run at all (no key for a cloud engine, an engine this device does not have), in the one
  /// line the user sees, checked before a flow session says it is ready; nil when it may (`EngineShelf.refusal`).
  public var check: @Sendable (EngineChoice) async -> String?
  /// Which model reads a dictation in a language with a choice (`SpeechEngineRegistry.route`): a file check, no load.
  public var route: @Sendable (_ language: String?, EngineChoice) -> ModelRoute

  public init(
    load: @escaping @Sendable (EngineChoice) async throws -> any SpeechEngine,
    unload: @escaping @Sendable () async -> Void = {},
    check: @escaping @Sendable (EngineChoice) async -> String? = { _ in nil },
    route: @escaping @Sendable (_ language: String?, EngineChoice) -> ModelRoute = { _, _ in .chosen }
  ) {
    self.load = load
    self.unload = unload
    self.check = check
    self.route = route
  }

  /// `engine` whatever the choice, nothing to free, never refused.
  public static func only(_ engine: any SpeechEngine) -> EngineAccess {
    EngineAccess { _ in engine }
  }
}
