import DictationValues
import Foundation
import GRDB

/// Narrows a history listing or search.
public struct HistoryFilter: Sendable, Hashable {
  /// Only entries created at or after this moment.
  public var since: Date?
  /// Only entries created before this moment.
  public var until: Date?
  /// Only entries with these origins (empty: all).
  public var sources: Set<DictationOrigin>
  /// Only entries with these statuses (empty: all).
  public var statuses: Set<DictationStatus>

  public init(
    since: Date? = nil, until: Date? = nil, sources: Set<DictationOrigin> = [], statuses: Set<DictationStatus> = []
  ) {
    self.since = since
    self.until = until
    self.sources = sources
    self.statuses = statuses
  }

  /// No restriction.
  public static let all = HistoryFilter()

  /// SQL conditions on the `history` table (joined with AND) and their arguments.
  func sqlConditions() -> (sql: [String], arguments: StatementArguments) {
    var sql: [String] = []
    var arguments = StatementArguments()
    if let since {
      sql.append("history.createdAt >= ?")
      arguments += [Timestamp.column(since)]
    }
    if let until {
      sql.append("history.createdAt < ?")
      arguments += [Timestamp.column(until)]
    }
    if !sources.isEmpty {
      let values = sources.map(\.rawValue).sorted()
      sql.append("history.source IN (\(values.map { _ in "?" }.joined(separator: ", ")))")
      arguments += StatementArguments(values)
    }
    if !statuses.isEmpty {
      let values = statuses.map(\.rawValue).sorted()
      sql.append("history.status IN (\(values.map { _ in "?" }.joined(separator: ", ")))")
      arguments += StatementArguments(values)
    }
    return (sql, arguments)
  }
}
