import CLISupport
import Foundation

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
