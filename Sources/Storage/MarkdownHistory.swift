import DictationValues
import Foundation

/// History as a readable Markdown document: one section per day (newest first), entries in time order.
public enum MarkdownHistory {
  /// Renders `entries` with days and times in `timeZone`.
  public static func render(_ entries: [HistoryEntry], exportedAt: Date, timeZone: TimeZone) -> String {
    let day = formatter("EEEE d MMMM yyyy", timeZone)
    let time = formatter("HH:mm", timeZone)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let groups = Dictionary(grouping: entries) { calendar.startOfDay(for: $0.createdAt) }
    let count = entries.count == 1 ? "1 dictation" : "\(entries.count) dictations"
    var lines = [
      "# Utter history", "", "Exported \(formatter("yyyy-MM-dd HH:mm", timeZone).string(from: exportedAt)), \(count).",
      "",
    ]
    for start in groups.keys.sorted(by: >) {
      lines.append("## \(day.string(from: start))")
      lines.append("")
      let sorted = (groups[start] ?? []).sorted { ($0.createdAt, $0.id ?? 0) < ($1.createdAt, $1.id ?? 0) }
      for entry in sorted {
        var heading = ["\(time.string(from: entry.createdAt))", entry.origin.rawValue]
        if entry.audioSeconds > 0 { heading.append(String(format: "%.0f s", entry.audioSeconds)) }
        if let field = entry.fieldSummary { heading.append(field) }
        if entry.status != .complete { heading.append(entry.status.rawValue) }
        lines.append("### \(heading.joined(separator: " · "))")
        lines.append("")
        let text = entry.finalText.isEmpty ? entry.rawText : entry.finalText
        lines.append(text.isEmpty ? "_(no text)_" : escaped(text))
        if let error = entry.errorMessage, !error.isEmpty {
          lines.append("")
          lines.append("> Error: \(escaped(error))")
        }
        lines.append("")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Keeps dictated text from turning into headings, quotes or lists.
  static func escaped(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard let first = line.first, "#>-*+|".contains(first) else { return String(line) }
      return "\\" + line
    }.joined(separator: "\n")
  }

  static func formatter(_ format: String, _ timeZone: TimeZone) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = format
    return formatter
  }
}

extension AppDatabase {
  /// All history as Markdown, days in the store's time zone.
  public func exportMarkdown() throws -> String {
    let entries = try read("exporting failed") { db in try HistoryEntry.fetchAll(db) }
    return MarkdownHistory.render(entries, exportedAt: environment.now(), timeZone: environment.timeZone)
  }
}
