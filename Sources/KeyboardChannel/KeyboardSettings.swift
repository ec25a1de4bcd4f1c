import FieldValues
import Foundation

/// The few settings the keyboard needs, shared as a small JSON file (`SharedFolder.keyboardSettings`), never SQLite.
public struct KeyboardSettings: Codable, Sendable, Hashable {
  /// The layout version of this file.
  public static let currentVersion = 1
  static let maxBytes = 64 * 1024
  /// The most dictionary terms shared, and the longest one, so the file stays small.
  public static let maxTerms = 500
  public static let maxTermLength = 48

  public var version: Int
  /// `system`, `light` or `dark`: the keyboard's colour scheme.
  public var appearance: String
  /// The personal dictionary's terms, which the suggestion bar offers first (at most `maxTerms`).
  public var dictionaryTerms: [String]
  public var haptics: Bool
  public var sounds: Bool
  /// The spoken language, or `auto`.
  public var language: String
  /// Seconds during which a result the keyboard missed is still inserted when the keyboard appears.
  public var pendingResultWindowSeconds: Double
  /// Whether each dictation the keyboard inserts is copied too (with Full Access only).
  public var autoCopy: Bool

  public init(
    appearance: String = "system", dictionaryTerms: [String] = [], haptics: Bool = true, sounds: Bool = false,
    language: String = LanguageChoice.automatic, pendingResultWindowSeconds: Double = 120, autoCopy: Bool = false
  ) {
    version = Self.currentVersion
    self.appearance = appearance
    self.dictionaryTerms = Self.bounded(dictionaryTerms)
    self.haptics = haptics
    self.sounds = sounds
    self.language = language
    self.pendingResultWindowSeconds = pendingResultWindowSeconds
    self.autoCopy = autoCopy
  }

  public init(from decoder: any Decoder) throws {
    let defaults = KeyboardSettings()
    let values = try decoder.container(keyedBy: CodingKeys.self)
    version = try values.decodeIfPresent(Int.self, forKey: .version) ?? Self.currentVersion
    appearance = try values.decodeIfPresent(String.self, forKey: .appearance) ?? defaults.appearance
    dictionaryTerms = Self.bounded(try values.decodeIfPresent([String].self, forKey: .dictionaryTerms) ?? [])
    haptics = try values.decodeIfPresent(Bool.self, forKey: .haptics) ?? defaults.haptics
    sounds = try values.decodeIfPresent(Bool.self, forKey: .sounds) ?? defaults.sounds
    language = try values.decodeIfPresent(String.self, forKey: .language) ?? defaults.language
    pendingResultWindowSeconds =
      try values.decodeIfPresent(Double.self, forKey: .pendingResultWindowSeconds)
      ?? defaults.pendingResultWindowSeconds
    autoCopy = try values.decodeIfPresent(Bool.self, forKey: .autoCopy) ?? false
  }

  static func bounded(_ terms: [String]) -> [String] {
    var seen = Set<String>()
    return Array(
      terms.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        .filter { !$0.isEmpty && $0.count <= maxTermLength && seen.insert($0.lowercased()).inserted }
        .prefix(maxTerms))
  }

  /// Reads the file from `folder`: the defaults when there is none, an error when it is damaged.
  public static func read(from folder: SharedFolder) throws -> KeyboardSettings {
    let fileName = folder.keyboardSettings.lastPathComponent
    switch AtomicFile.read(folder.keyboardSettings, maxBytes: maxBytes) {
    case .missing:
      return KeyboardSettings()
    case .data(let data):
      do {
        return try JSONDecoder().decode(KeyboardSettings.self, from: data)
      } catch {
        throw ChannelError.invalid("\(fileName) is not valid keyboard settings")
      }
    case .rejected(let reason):
      throw ChannelError.invalid("\(fileName) cannot be read: \(reason)")
    }
  }
}
