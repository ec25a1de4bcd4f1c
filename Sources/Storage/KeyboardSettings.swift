import Foundation

/// The few settings the keyboard extension needs, shared as a small JSON file in the app group container
/// (never the database: the keyboard must not open SQLite).
///
/// File: `<container>/keyboard-settings.json`, e.g.
/// `{"appearance":"dark","haptics":true,"language":"en","sessionTimeoutSeconds":900,"sounds":false,"version":1}`.
/// `sessionTimeoutSeconds` is 0 when sessions never time out.
public struct KeyboardSettings: Codable, Sendable, Hashable {
  /// The file's name inside the container.
  public static let fileName = "keyboard-settings.json"
  /// The layout version of this file.
  public static let currentVersion = 1

  public var version: Int
  /// `system`, `light` or `dark`.
  public var appearance: String
  /// Seconds a flow session stays open; 0 means never.
  public var sessionTimeoutSeconds: Double
  public var haptics: Bool
  public var sounds: Bool
  /// The spoken language, or `auto`.
  public var language: String

  /// The keyboard's view of `settings`.
  public init(_ settings: UtterSettings) {
    version = Self.currentVersion
    appearance = settings.appearance.rawValue
    sessionTimeoutSeconds = settings.sessionTimeout.seconds ?? 0
    haptics = settings.haptics
    sounds = settings.sounds
    language = settings.language
  }

  /// Writes the file into `directory` atomically (temporary file, fsync, rename) and returns its URL.
  public func write(toContainer directory: URL) throws -> URL {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(self)
    let target = directory.appendingPathComponent(Self.fileName)
    do {
      try AtomicFile.write(data, to: target)
    } catch {
      throw StorageError(.failed, "writing \(target.path) failed: \(error.localizedDescription)")
    }
    return target
  }

  /// Reads the file from `directory`.
  public static func read(fromContainer directory: URL) throws -> KeyboardSettings {
    let data = try Data(contentsOf: directory.appendingPathComponent(fileName))
    return try JSONDecoder().decode(KeyboardSettings.self, from: data)
  }
}

/// Replaces a file in one step so a reader sees the old or the new content, never half of it.
enum AtomicFile {
  static func write(_ data: Data, to target: URL) throws {
    let directory = target.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
    guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
      throw CocoaError(.fileWriteNoPermission)
    }
    do {
      let handle = try FileHandle(forWritingTo: temporary)
      try handle.write(contentsOf: data)
      try handle.synchronize()
      try handle.close()
      guard rename(temporary.path, target.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
    let folder = open(directory.path, O_RDONLY)
    if folder >= 0 {
      _ = fsync(folder)
      _ = close(folder)
    }
  }
}
