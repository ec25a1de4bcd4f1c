import Clocks
import Foundation

/// What the store reads from the outside world: the clock, new identifiers and the user's time zone.
public struct StoreEnvironment: Sendable {
  /// The store's clock (a test clock in tests).
  public var clock: UtterClock
  /// A fresh unique identifier for a new history entry or note.
  public var makeUUID: @Sendable () -> UUID
  /// The time zone that decides where a day starts, for stats and the Markdown export.
  public var timeZone: TimeZone

  public init(clock: UtterClock, makeUUID: @escaping @Sendable () -> UUID = { UUID() }, timeZone: TimeZone = .current) {
    self.clock = clock
    self.makeUUID = makeUUID
    self.timeZone = timeZone
  }

  /// The current time.
  func now() -> Date { clock.date() }

  /// The real clock, random UUIDs and the current time zone.
  public static var live: StoreEnvironment { StoreEnvironment(clock: .system) }

  /// The current time, rounded to the millisecond the database keeps.
  func timestamp() -> Date { Timestamp.normalized(now()) }
}

/// Dates are stored as Unix seconds rounded to the millisecond, so every copy (database, JSON) compares equal.
enum Timestamp {
  /// Milliseconds since 1970 for `date`, rounded to the nearest.
  static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
  }

  /// The date at `milliseconds` since 1970.
  static func date(milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// `date` rounded to the millisecond.
  static func normalized(_ date: Date) -> Date {
    self.date(milliseconds: milliseconds(date))
  }

  /// The value stored in a timestamp column.
  static func column(_ date: Date) -> Double {
    normalized(date).timeIntervalSince1970
  }
}
