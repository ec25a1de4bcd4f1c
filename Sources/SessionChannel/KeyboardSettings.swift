import DictationValues
import Foundation

/// The few settings the keyboard needs, shared as a small JSON file (`SharedFolder.keyboardSettings`), never SQLite.
public struct KeyboardSettings: Codable, Sendable, Hashable {
  public static let currentVersion = 1
  static let maxBytes = 64 * 1024
  /// The most dictionary terms shared, and the longest one, so the file stays small.
  public static let maxTerms = 500
  public static let maxTermLength = 48
  /// The most saved styles' names shared for the keyboard's style switch, and the longest name.
  public static let maxStyles = 40
  public static let maxStyleNameLength = 60

  public var version = currentVersion
  /// `system`, `light` or `dark`: the keyboard's colour scheme.
  public var appearance = "system"
  /// The personal dictionary's terms, which the suggestion bar offers first (at most `maxTerms`: `bounded`).
  public var dictionaryTerms: [String] = []
  public var haptics = true
  public var sounds = false
  /// The spoken language, or `auto`.
  public var language = LanguageChoice.automatic
  /// Seconds during which a result the keyboard missed is still inserted when the keyboard appears.
  public var pendingResultWindowSeconds = 120.0
  /// Whether each dictation the keyboard inserts is copied too (with Full Access only).
  public var autoCopy = false
  /// The user's saved styles' names, which the keyboard's style switch offers after the built-in ones (at most
  /// `maxStyles`: `boundedStyles`).
  public var styles: [String] = []

  /// The defaults, which the keyboard goes by until the app has shared its settings (the app's side: SessionChannel).
  public init() {}

  /// Reads the file; a setting it lacks (written by an older app) keeps its default.
  public init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    func value<T: Decodable>(_ key: CodingKeys, else fallback: T) throws -> T {
      try values.decodeIfPresent(T.self, forKey: key) ?? fallback
    }
    version = try value(.version, else: version)
    appearance = try value(.appearance, else: appearance)
    dictionaryTerms = Self.bounded(try value(.dictionaryTerms, else: dictionaryTerms))
    haptics = try value(.haptics, else: haptics)
    sounds = try value(.sounds, else: sounds)
    language = try value(.language, else: language)
    pendingResultWindowSeconds = try value(.pendingResultWindowSeconds, else: pendingResultWindowSeconds)
    autoCopy = try value(.autoCopy, else: autoCopy)
    styles = Self.boundedStyles(try value(.styles, else: styles))
  }

  /// The styles the keyboard's switch offers: the built-in ones, then the saved ones by name (a saved style that
  /// shares a built-in one's name is that one: the app reads the saved one first).
  public var styleChoices: [(name: String, title: String)] {
    let builtIn = FieldContext.builtInStyles
    let taken = Set(builtIn.map { $0.name.lowercased() })
    return builtIn + styles.filter { !taken.contains($0.lowercased()) }.map { ($0, $0) }
  }

  /// The names trimmed, without blanks or case-insensitive repeats: at most `maxStyles` of at most
  /// `maxStyleNameLength` characters.
  package static func boundedStyles(_ names: [String]) -> [String] {
    Self.distinct(names, longest: maxStyleNameLength, most: maxStyles)
  }

  /// The terms trimmed, without blanks or case-insensitive repeats: at most `maxTerms` of at most `maxTermLength`.
  package static func bounded(_ terms: [String]) -> [String] {
    distinct(terms, longest: maxTermLength, most: maxTerms)
  }

  private static func distinct(_ strings: [String], longest: Int, most: Int) -> [String] {
    var seen = Set<String>()
    return Array(
      strings.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        .filter { !$0.isEmpty && $0.count <= longest && seen.insert($0.lowercased()).inserted }
        .prefix(most))
  }

  /// Reads the file from `folder`: the defaults when there is none, an error when it is damaged.
  public static func read(from folder: SharedFolder) throws -> KeyboardSettings {
    let fileName = folder.keyboardSettings.lastPathComponent
    switch AtomicFile.read(folder.keyboardSettings, maxBytes: maxBytes) {
    case .missing:
      return KeyboardSettings()
    case .value(let data):
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
