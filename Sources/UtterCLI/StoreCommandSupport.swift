import Foundation
import Locations
import Storage

/// Opens the user's store for a command: reports a recovered (damaged) database on standard error and applies
/// the retention setting, so expired dictations are gone before anything is listed.
func openStore(_ global: GlobalOptions, applyRetention: Bool = true) throws -> AppDatabase {
  let folder = Locations.dataDirectory(override: global.dataDir)
  let database = try storeCall {
    let (database, message) = try AppDatabase.open(at: folder)
    if let message { printError("utter: \(message)") }
    return database
  }
  if applyRetention { _ = try? database.purgeExpired() }
  return database
}

/// Runs a store call, turning a storage failure into the CLI's one-line error.
func storeCall<T>(_ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch let error as StorageError {
    throw CLIError(error.message)
  }
}

/// Writes `value` to standard output as pretty JSON with ISO 8601 dates.
func printJSON<T: Encodable>(_ value: T) throws {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  encoder.dateEncodingStrategy = .custom { date, encoder in
    var container = encoder.singleValueContainer()
    try container.encode(StoreText.isoTime(date))
  }
  print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// Short text renderings shared by the store commands.
enum StoreText {
  /// `2026-11-22 10:03` in the local time zone.
  static func localTime(_ date: Date) -> String {
    formatter("yyyy-MM-dd HH:mm").string(from: date)
  }

  /// `2026-11-22T10:03:04.120Z`.
  static func isoTime(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }

  /// `text` on one line, cut to `width` characters with an ellipsis.
  static func oneLine(_ text: String, width: Int) -> String {
    let flat = text.split(whereSeparator: { $0.isNewline }).joined(separator: " ")
    return flat.count <= width ? flat : String(flat.prefix(max(1, width - 1))) + "…"
  }

  /// `text` padded with spaces to `width` characters.
  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  /// `1 h 05 min`, `4 min 10 s` or `12 s`.
  static func duration(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    if total >= 3600 { return "\(total / 3600) h \(String(format: "%02d", (total % 3600) / 60)) min" }
    if total >= 60 { return "\(total / 60) min \(total % 60) s" }
    return "\(total) s"
  }

  static func formatter(_ format: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = .current
    formatter.dateFormat = format
    return formatter
  }
}

/// Reads a date the user typed: `today`, `yesterday`, a span back from now (`7d`, `24h`, `2w`), a day
/// (`2026-11-22`, local midnight) or an ISO 8601 time.
enum StoreDateInput {
  static func parse(_ text: String, now: Date = Date(), timeZone: TimeZone = .current) throws -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
    switch lower {
    case "today": return calendar.startOfDay(for: now)
    case "yesterday":
      return calendar.date(byAdding: .day, value: -1, to: calendar.startOfDay(for: now)) ?? now
    default: break
    }
    if let unit = lower.last, "hdw".contains(unit), let count = Double(lower.dropLast()), count >= 0 {
      let seconds = unit == "h" ? 3600.0 : unit == "d" ? 86_400 : 7 * 86_400
      return now.addingTimeInterval(-count * seconds)
    }
    let day = DateFormatter()
    day.locale = Locale(identifier: "en_US_POSIX")
    day.timeZone = timeZone
    day.dateFormat = "yyyy-MM-dd"
    if lower.count == 10, let date = day.date(from: lower) { return date }
    let iso = ISO8601DateFormatter()
    if let date = iso.date(from: text) { return date }
    iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = iso.date(from: text) { return date }
    throw CLIError("invalid date '\(text)': use YYYY-MM-DD, an ISO 8601 time, today, yesterday or a span like 7d")
  }
}
