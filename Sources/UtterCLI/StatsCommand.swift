import ArgumentParser
import CLISupport
import Foundation
import Storage

struct StatsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats",
    abstract: "Words dictated, streaks and time saved (typing at your typing-speed setting, minus speaking time).")
  @OptionGroup var global: GlobalOptions
  @Flag(help: "Print JSON.") var json = false

  func run() async throws {
    let stats = try withStore(global) { try $0.stats() }
    if json { return try printJSON(stats) }
    let day = StoreText.formatter("EEE d MMM")
    let rows: [(String, String)] = [
      ("Dictations", "\(stats.dictations)"),
      ("Words", "\(stats.words)"),
      ("Today", "\(stats.wordsToday) words in \(stats.dictationsToday) dictation(s)"),
      ("This week", "\(stats.wordsThisWeek) words in \(stats.dictationsThisWeek) dictation(s)"),
      ("Speaking", StoreText.duration(stats.speakingSeconds)),
      (
        "Time saved",
        "\(StoreText.duration(stats.timeSavedSeconds)) (vs typing at \(Int(stats.typingWordsPerMinute)) wpm)"
      ),
      ("Streak", "\(stats.currentStreakDays) day(s), longest \(stats.longestStreakDays)"),
    ]
    for (label, value) in rows { print("\(StoreText.pad(label, 11)) \(value)") }
    print("Last 7 days")
    let most = max(1, stats.lastDays.map(\.words).max() ?? 1)
    for total in stats.lastDays {
      let bar = String(repeating: "█", count: Int((Double(total.words) / Double(most) * 30).rounded(.up)))
      print("  \(StoreText.pad(day.string(from: total.start), 10)) \(StoreText.pad(String(total.words), 6)) \(bar)")
    }
  }
}
