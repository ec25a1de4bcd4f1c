import Charts
import Storage
import SwiftUI

/// How much the user dictated and the time it saved.
@MainActor
struct StatsView: View {
  @Environment(AppModel.self) private var model
  @State private var stats: DictationStats?

  var body: some View {
    List {
      if let stats {
        Section {
          LabeledContent("Words dictated", value: stats.words.formatted())
          LabeledContent("Dictations", value: stats.dictations.formatted())
          LabeledContent(
            "Time saved",
            value: Duration.seconds(stats.timeSavedSeconds).formatted(
              .units(allowed: [.hours, .minutes], width: .abbreviated)))
          LabeledContent("Today", value: "\(stats.wordsToday) words")
          LabeledContent("This week", value: "\(stats.wordsThisWeek) words")
          LabeledContent("Streak", value: "\(stats.currentStreakDays) days (best \(stats.longestStreakDays))")
        } footer: {
          Text("Time saved compares typing at \(Int(stats.typingWordsPerMinute)) words a minute with speaking.")
        }
        Section("Last 7 days") {
          Chart(stats.lastDays, id: \.start) { day in
            BarMark(x: .value("Day", day.start, unit: .day), y: .value("Words", day.words))
          }
          .frame(height: 180)
          .accessibilityLabel("Words per day over the last seven days")
        }
      } else {
        ContentUnavailableView("No stats yet", systemImage: "chart.bar", description: Text("Dictate something first."))
      }
    }
    .navigationTitle("Stats")
    .onAppear { stats = try? model.database?.stats() }
  }
}
