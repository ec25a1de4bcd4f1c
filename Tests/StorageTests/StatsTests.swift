import Foundation
import Testing

@testable import Storage

@Suite("Stats")
struct StatsTests {
  @Test("counts words, dictations and time saved at 40 wpm minus speaking time")
  func totals() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    try store.dictate("one two three four five six seven eight nine ten", audioSeconds: 4)
    try store.dictate("eleven twelve — thirteen, fourteen!", audioSeconds: 2)
    try store.dictate("failed dictation words", status: .failed, audioSeconds: 3)
    let stats = try store.database.stats()
    #expect(stats.dictations == 2)
    #expect(stats.words == 14)
    #expect(stats.speakingSeconds == 6)
    let expected: Double = 14.0 / 40 * 60 - 6
    #expect(stats.timeSavedSeconds == expected)
    #expect(stats.wordsToday == 14)
    #expect(stats.dictationsToday == 2)
  }

  @Test("typing speed setting changes time saved, and it never goes negative")
  func typingSpeed() throws {
    let store = try StoreFixture(.inMemory)
    try store.dictate("slow words", audioSeconds: 30)
    #expect(try store.database.stats().timeSavedSeconds == 0)
    try store.database.setSetting("typing-speed", to: "20")
    try store.dictate(Array(repeating: "word", count: 100).joined(separator: " "), audioSeconds: 0)
    let expected: Double = 102.0 / 20 * 60 - 30
    #expect(try store.database.stats().timeSavedSeconds == expected)
  }

  @Test("streaks count consecutive days ending today or yesterday")
  func streaks() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    let day = 86_400.0
    for offset in [-9.0, -8, -7, -6, -3, -2, -1] {
      store.clock.set(StoreFixture.start.addingTimeInterval(offset * day))
      try store.dictate("hello")
    }
    store.clock.set(StoreFixture.start)
    var stats = try store.database.stats()
    #expect(stats.currentStreakDays == 3, "today has none yet: the streak through yesterday still counts")
    #expect(stats.longestStreakDays == 4)
    try store.dictate("today")
    stats = try store.database.stats()
    #expect(stats.currentStreakDays == 4)
    #expect(try store.database.stats(now: StoreFixture.start.addingTimeInterval(2 * day)).currentStreakDays == 0)
  }

  @Test("last days and weeks hold per-period totals, weeks starting Monday")
  func periods() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    store.clock.set(StoreFixture.start.addingTimeInterval(-86_400))  // Saturday
    try store.dictate("one two")
    store.clock.set(StoreFixture.start.addingTimeInterval(-6 * 86_400))  // Monday this week
    try store.dictate("three")
    store.clock.set(StoreFixture.start.addingTimeInterval(-7 * 86_400))  // Sunday last week
    try store.dictate("four five six")
    let stats = try store.database.stats(now: StoreFixture.start)
    #expect(stats.lastDays.count == 7)
    #expect(stats.lastDays.map(\.words) == [1, 0, 0, 0, 0, 2, 0])
    #expect(stats.lastWeeks.map(\.words) == [0, 0, 3, 3])
    #expect(stats.wordsThisWeek == 3)
    #expect(stats.dictationsThisWeek == 2)
  }

  @Test("word counting ignores punctuation-only chunks")
  func wordCount() {
    #expect(WordCount.of("Hello, world — it's 2026!") == 4)
    #expect(WordCount.of("  ") == 0)
  }
}
