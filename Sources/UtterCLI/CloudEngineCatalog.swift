import SpeechEngine

/// Cloud engines the CLI offers; filled in when the cloud providers are wired.
enum CloudEngineCatalog {
  static var descriptors: [EngineDescriptor] { [] }
  static func register(into registry: inout SpeechEngineRegistry) {}
}
