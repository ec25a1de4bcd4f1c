/// What a caller knows about an engine before creating it.
public struct EngineDescriptor: Sendable, Hashable, Codable {
  public var id: String
  public var name: String
  /// Model identifiers this engine can run; the first is the default.
  public var models: [String]
  /// True when the engine runs on this device (no network).
  public var isOnDevice: Bool

  public init(id: String, name: String, models: [String], isOnDevice: Bool) {
    self.id = id
    self.name = name
    self.models = models
    self.isOnDevice = isOnDevice
  }

  /// Whether Settings offers a choice of model: the engine runs more than one.
  public var offersModelChoice: Bool { models.count > 1 }
}

/// Why an engine could not be created or run.
public struct SpeechEngineError: Error, Sendable, Hashable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// What an engine on this device has installed, which languages each of its models reads, and how the user
/// installs another: what `SpeechEngineRegistry.route` decides a dictation's model from.
public struct InstalledModels: Sendable {
  /// The models installed now (a file check, no load).
  public var installed: @Sendable () -> [String]
  /// The languages `model` reads; nil: any (default: what its name says, `SpokenLanguage.readable(byModel:)`).
  public var languages: @Sendable (_ model: String) -> Set<String>?
  /// How the user installs `model`, as a clause: "run `utter engines install --model base`".
  public var howToInstall: @Sendable (_ model: String) -> String

  public init(
    installed: @escaping @Sendable () -> [String],
    languages: @escaping @Sendable (_ model: String) -> Set<String>? = { SpokenLanguage.readable(byModel: $0) },
    howToInstall: @escaping @Sendable (_ model: String) -> String
  ) {
    self.installed = installed
    self.languages = languages
    self.howToInstall = howToInstall
  }
}

/// Engines by id. Each platform registers the engines it has; callers pick one by id.
public struct SpeechEngineRegistry: Sendable {
  public typealias Factory = @Sendable (_ model: String?) async throws -> any SpeechEngine

  private var entries: [(descriptor: EngineDescriptor, models: InstalledModels?, factory: Factory)] = []

  public init() {}

  /// Registers an engine; `models` says what an on-device engine has installed (nil: a cloud engine, whose
  /// models read any language).
  public mutating func register(
    _ descriptor: EngineDescriptor, models: InstalledModels? = nil, factory: @escaping Factory
  ) {
    entries.removeAll { $0.descriptor.id == descriptor.id }
    entries.append((descriptor, models, factory))
  }

  /// What engine `id` has installed, when it says.
  public func installedModels(id: String) -> InstalledModels? {
    entries.first { $0.descriptor.id == id }?.models
  }

  public var descriptors: [EngineDescriptor] { entries.map(\.descriptor) }

  public func descriptor(id: String) -> EngineDescriptor? {
    entries.first { $0.descriptor.id == id }?.descriptor
  }

  /// Creates the engine `id` with `model` (or its default model).
  public func makeEngine(id: String, model: String? = nil) async throws -> any SpeechEngine {
    guard let entry = entries.first(where: { $0.descriptor.id == id }) else {
      let known = entries.map(\.descriptor.id).joined(separator: ", ")
      throw SpeechEngineError("unknown engine '\(id)' (known: \(known))")
    }
    if let model, !entry.descriptor.models.isEmpty, !entry.descriptor.models.contains(model) {
      throw SpeechEngineError(
        "engine '\(id)' has no model '\(model)' (models: \(entry.descriptor.models.joined(separator: ", ")))")
    }
    return try await entry.factory(model)
  }
}
