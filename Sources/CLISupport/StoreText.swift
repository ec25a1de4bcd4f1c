import Foundation
import Storage

/// Short text renderings shared by the store commands.
package enum StoreText {
  /// `2026-11-22 10:03` in the local time zone.
  package static func localTime(_ date: Date) -> String {
    formatter("yyyy-MM-dd HH:mm").string(from: date)
  }

  /// `2026-11-22T10:03:04.120Z`.
  package static func isoTime(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }

  /// `text` on one line, cut to `width` characters with an ellipsis.
  package static func oneLine(_ text: String, width: Int) -> String {
    let flat = text.split(whereSeparator: { $0.isNewline }).joined(separator: " ")
    return flat.count <= width ? flat : String(flat.prefix(max(1, width - 1))) + "…"
  }

  /// `text` padded with spaces to `width` characters.
  package static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  /// `1 h 05 min`, `4 min 10 s` or `12 s`.
  package static func duration(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    if total >= 3600 { return "\(total / 3600) h \(String(format: "%02d", (total % 3600) / 60)) min" }
    if total >= 60 { return "\(total / 60) min \(total % 60) s" }
    return "\(total) s"
  }

  package static func formatter(_ format: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = .current
    formatter.dateFormat = format
    return formatter
  }
}
