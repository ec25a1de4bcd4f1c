import Foundation
import GRDB

/// Totals for one day or week.
public struct PeriodTotal: Codable, Sendable, Hashable {
  /// The period's first moment (local midnight; weeks start on Monday).
  public var start: Date
  public var dictations: Int
  public var words: Int
}

/// How much the user has dictated, and what it saved them.
///
/// Counts finished dictations (complete or recovered). Time saved is
/// `max(0, words ÷ typingWordsPerMinute × 60 − speakingSeconds)`: the time typing those words at the
/// configured speed (40 wpm unless changed) would have taken, minus the time spent speaking them.
public struct DictationStats: Codable, Sendable, Hashable {
  public var dictations: Int
  public var words: Int
  /// Total audio length, in seconds.
  public var speakingSeconds: Double
  public var typingWordsPerMinute: Double
  /// See the type's summary for the formula.
  public var timeSavedSeconds: Double
  public var dictationsToday: Int
  public var wordsToday: Int
  public var dictationsThisWeek: Int
  public var wordsThisWeek: Int
  /// Consecutive days with a dictation, ending today (or yesterday, when today has none yet).
  public var currentStreakDays: Int
  public var longestStreakDays: Int
  /// The last 7 days, oldest first.
  public var lastDays: [PeriodTotal]
  /// The last 4 weeks, oldest first.
  public var lastWeeks: [PeriodTotal]

  /// One finished dictation as stats see it.
  struct Sample: Sendable, Hashable {
    var createdAt: Date
    var words: Int
    var audioSeconds: Double
  }

  /// Computes stats from `samples` as of `now`, with days in `timeZone`.
  static func compute(
    _ samples: [Sample], now: Date, timeZone: TimeZone, typingWordsPerMinute: Double
  ) -> DictationStats {
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = timeZone
    let today = calendar.startOfDay(for: now)
    let thisWeek = calendar.dateInterval(of: .weekOfYear, for: now)?.start ?? today
    var byDay: [Date: PeriodTotal] = [:]
    var words = 0
    var speaking = 0.0
    // NB: calendar arithmetic is slow; samples usually arrive in time order, so a day's bounds are computed
    // once per day rather than once per sample.
    var dayStart = Date.distantFuture
    var dayEnd = Date.distantPast
    for sample in samples {
      words += sample.words
      speaking += sample.audioSeconds
      if sample.createdAt < dayStart || sample.createdAt >= dayEnd {
        dayStart = calendar.startOfDay(for: sample.createdAt)
        dayEnd = calendar.date(byAdding: .day, value: 1, to: dayStart) ?? dayStart.addingTimeInterval(86_400)
      }
      byDay[dayStart, default: PeriodTotal(start: dayStart, dictations: 0, words: 0)].add(sample.words)
    }
    var byWeek: [Date: PeriodTotal] = [:]
    for (day, total) in byDay {
      let week = calendar.dateInterval(of: .weekOfYear, for: day)?.start ?? day
      byWeek[week, default: PeriodTotal(start: week, dictations: 0, words: 0)].add(total)
    }
    func days(back count: Int, component: Calendar.Component, from start: Date, in totals: [Date: PeriodTotal])
      -> [PeriodTotal]
    {
      (0..<count).reversed().compactMap { offset in
        calendar.date(byAdding: component, value: -offset, to: start).map {
          totals[$0] ?? PeriodTotal(start: $0, dictations: 0, words: 0)
        }
      }
    }
    let wpm = max(1, typingWordsPerMinute)
    let streaks = Streaks(days: Set(byDay.keys), today: today, calendar: calendar)
    return DictationStats(
      dictations: samples.count, words: words, speakingSeconds: speaking, typingWordsPerMinute: wpm,
      timeSavedSeconds: max(0, Double(words) / wpm * 60 - speaking),
      dictationsToday: byDay[today]?.dictations ?? 0, wordsToday: byDay[today]?.words ?? 0,
      dictationsThisWeek: byWeek[thisWeek]?.dictations ?? 0, wordsThisWeek: byWeek[thisWeek]?.words ?? 0,
      currentStreakDays: streaks.current, longestStreakDays: streaks.longest,
      lastDays: days(back: 7, component: .day, from: today, in: byDay),
      lastWeeks: days(back: 4, component: .weekOfYear, from: thisWeek, in: byWeek))
  }
}

extension PeriodTotal {
  fileprivate mutating func add(_ words: Int) {
    dictations += 1
    self.words += words
  }

  fileprivate mutating func add(_ other: PeriodTotal) {
    dictations += other.dictations
    words += other.words
  }
}

/// Runs of consecutive days with at least one dictation.
struct Streaks {
  var current = 0
  var longest = 0

  init(days: Set<Date>, today: Date, calendar: Calendar) {
    func previous(_ day: Date) -> Date { calendar.date(byAdding: .day, value: -1, to: day) ?? day }
    var cursor = days.contains(today) ? today : previous(today)
    while days.contains(cursor) {
      current += 1
      cursor = previous(cursor)
    }
    var run = 0
    var last: Date?
    for day in days.sorted() {
      if let last, calendar.date(byAdding: .day, value: 1, to: last) == day { run += 1 } else { run = 1 }
      longest = max(longest, run)
      last = day
    }
  }
}

extension AppDatabase {
  /// Dictation stats as of `now` (default: the store's clock), days in the store's time zone.
  public func stats(now: Date? = nil) throws -> DictationStats {
    let (samples, settings) = try read { db in
      var samples: [DictationStats.Sample] = []
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT createdAt, wordCount, audioSeconds FROM history WHERE status IN ('complete', 'recovered')
          ORDER BY createdAt
          """)
      while let row = try rows.next() {
        samples.append(
          DictationStats.Sample(
            createdAt: Date(timeIntervalSince1970: row[0]), words: row[1], audioSeconds: row[2]))
      }
      return (samples, try Self.loadSettings(db))
    }
    return DictationStats.compute(
      samples, now: now ?? environment.now(), timeZone: environment.timeZone,
      typingWordsPerMinute: settings.typingWordsPerMinute)
  }
}
