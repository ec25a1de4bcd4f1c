import DictationValues
import Foundation

/// Everything the user owns, as one versioned JSON document (audio files are not included; their paths are).
public struct StoreArchive: Codable, Sendable, Hashable {
  /// The layout version this build writes and reads up to.
  public static let currentVersion = 1

  /// Always `utter-export`, so a stray JSON file is recognised as foreign.
  public var format: String
  public var version: Int
  public var exportedAt: Date
  /// History, oldest first.
  public var history: [HistoryEntry]
  /// Notes, oldest first.
  public var notes: [Note]
  public var dictionary: [DictionaryEntry]
  public var snippets: [Snippet]
  public var styles: [SavedStyle]
  public var settings: UtterSettings

  public init(
    exportedAt: Date, history: [HistoryEntry] = [], notes: [Note] = [], dictionary: [DictionaryEntry] = [],
    snippets: [Snippet] = [], styles: [SavedStyle] = [], settings: UtterSettings = UtterSettings()
  ) {
    format = "utter-export"
    version = Self.currentVersion
    self.exportedAt = exportedAt
    self.history = history
    self.notes = notes
    self.dictionary = dictionary
    self.snippets = snippets
    self.styles = styles
    self.settings = settings
  }

  enum CodingKeys: String, CodingKey {
    case format, version, exportedAt, history, notes, dictionary, snippets, styles, settings
  }

  /// Reads an archive; a missing section counts as empty, so hand-written or partial exports import too.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    format = try c.decode(String.self, forKey: .format)
    version = try c.decode(Int.self, forKey: .version)
    exportedAt = try c.decodeIfPresent(Date.self, forKey: .exportedAt) ?? Date(timeIntervalSince1970: 0)
    history = try c.decodeIfPresent([HistoryEntry].self, forKey: .history) ?? []
    // NB: exports written before the field had its own keys carry it as one `context` string.
    let legacy = try c.decodeIfPresent([LegacyField].self, forKey: .history) ?? []
    for (index, old) in zip(history.indices, legacy) where old.isLegacy {
      history[index].field = old.field
    }
    notes = try c.decodeIfPresent([Note].self, forKey: .notes) ?? []
    dictionary = try c.decodeIfPresent([DictionaryEntry].self, forKey: .dictionary) ?? []
    snippets = try c.decodeIfPresent([Snippet].self, forKey: .snippets) ?? []
    styles = try c.decodeIfPresent([SavedStyle].self, forKey: .styles) ?? []
    settings = try c.decodeIfPresent(UtterSettings.self, forKey: .settings) ?? UtterSettings()
  }

  /// Pretty, key-sorted JSON with ISO 8601 dates to the millisecond.
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(ArchiveDate.string(date))
    }
    return try encoder.encode(self)
  }

  /// Reads an export, with a one-line error when it is not one this build understands.
  public static func decode(_ data: Data) throws -> StoreArchive {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSince1970: seconds) }
      let text = try container.decode(String.self)
      guard let date = ArchiveDate.date(text) else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "bad date '\(text)'")
      }
      return date
    }
    struct Header: Decodable {
      var format: String?
      var version: Int?
    }
    guard let header = try? decoder.decode(Header.self, from: data), header.format == "utter-export" else {
      throw StorageError(.invalidInput, "not an Utter export (expected JSON written by 'utter history export')")
    }
    guard let version = header.version, version <= currentVersion else {
      throw StorageError(
        .invalidInput, "this export is format version \(header.version ?? 0); this utter reads up to \(currentVersion)")
    }
    do {
      return try decoder.decode(StoreArchive.self, from: data)
    } catch let error as DecodingError {
      throw StorageError(.invalidInput, "the export is damaged: \(ArchiveDate.describe(error))")
    }
  }
}

/// A history entry's field as older exports wrote it: one `context` string, the content type, else
/// the keyboard type.
private struct LegacyField: Decodable {
  var context: String?
  var keyboardType: String?
  var contentType: String?

  var isLegacy: Bool { context != nil && keyboardType == nil && contentType == nil }

  var field: FieldContext {
    guard let context, !context.isEmpty else { return FieldContext() }
    return StoreSchema.keyboardTypeNames.contains(context)
      ? FieldContext(keyboardType: context) : FieldContext(contentType: context)
  }
}

/// Archive dates: `2026-11-22T03:10:05.123Z`, always UTC and to the millisecond, parsed back exactly.
enum ArchiveDate {
  static func string(_ date: Date) -> String {
    let milliseconds = Timestamp.milliseconds(date)
    let seconds = Int64((Double(milliseconds) / 1000).rounded(.down))
    let fraction = milliseconds - seconds * 1000
    return secondsFormatter().string(from: Date(timeIntervalSince1970: Double(seconds)))
      + "." + String(format: "%03d", Int(fraction)) + "Z"
  }

  static func date(_ text: String) -> Date? {
    var body = Substring(text)
    guard body.hasSuffix("Z") else { return ISO8601DateFormatter().date(from: text) }
    body = body.dropLast()
    var fraction: Int64 = 0
    if let dot = body.firstIndex(of: ".") {
      let digits = String(body[body.index(after: dot)...].prefix(3))
      guard let value = Int64(digits.padding(toLength: 3, withPad: "0", startingAt: 0)) else { return nil }
      fraction = value
      body = body[..<dot]
    }
    guard let whole = secondsFormatter().date(from: String(body)) else { return nil }
    return Timestamp.date(milliseconds: Int64(whole.timeIntervalSince1970.rounded()) * 1000 + fraction)
  }

  static func secondsFormatter() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
    return formatter
  }

  static func describe(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
      return "missing '\(key.stringValue)' at \(path(context))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      return "\(context.debugDescription) at \(path(context))"
    @unknown default:
      return "unreadable"
    }
  }

  static func path(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    return path.isEmpty ? "top level" : path
  }
}
