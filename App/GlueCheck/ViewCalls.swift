// The Storage and LLMPolish calls the SwiftUI views make, with the same labels and types, so that
// `scripts/check-app-parses.sh --typecheck` catches an API change the views (which need SwiftUI) would miss.
import Foundation
import LLMPolish
import Storage
import TextPipeline

func viewCalls(_ database: AppDatabase, entry: HistoryEntry) throws {
  let (db, recovery) = try AppDatabase.open(at: URL(fileURLWithPath: "/tmp/x"))
  _ = (db, recovery)
  var settings = try database.settings()
  settings.polishStyle = "formal"
  settings.sessionTimeout = .never
  settings.retention = .off
  settings.appearance = .dark
  settings.keepAudio = true
  try database.saveSettings(settings)
  _ = try KeyboardSettings(settings).write(toContainer: URL(fileURLWithPath: "/tmp"))
  _ = try? database.purgeExpired()
  let _: [HistoryEntry] = try database.latestHistory(limit: 500)
  let _: [HistoryEntry] = try database.searchHistory("x", limit: 200)
  _ = try? database.deleteHistory(id: 1)
  _ = try? database.deleteAllHistory()
  let notes: [Note] = try database.notes(limit: 20)
  _ = notes.first?.updatedAt
  _ = try? database.deleteNote(id: 1)
  _ = try? database.updateNote(id: 1, text: "x")
  _ = try database.addNote("x", sourceHistoryUUID: "y")
  let entries: [DictionaryEntry] = try database.dictionaryEntries()
  _ = try database.saveDictionaryEntry(entries[0])
  _ = try? database.removeDictionaryEntry(term: "x")
  let snippets: [Snippet] = try database.snippets()
  _ = try database.saveSnippet(snippets[0])
  _ = try? database.removeSnippet(trigger: "x")
  let styles: [SavedStyle] = try database.styles()
  _ = try database.saveStyle(SavedStyle(name: "n", kind: styles[0].kind, prompt: nil, defaultContexts: []))
  _ = try? database.removeStyle(name: "x")
  let stats = try database.stats()
  _ = (stats.words, stats.dictations, stats.timeSavedSeconds, stats.wordsToday, stats.wordsThisWeek)
  _ = (stats.currentStreakDays, stats.longestStreakDays, stats.typingWordsPerMinute)
  for day in stats.lastDays { _ = (day.start, day.words) }
  _ = database.audioURL(for: entry)
  _ = try database.applyRetry(
    id: 1, rawText: "r", finalText: "f", engine: "e", model: "m", processingSeconds: 1,
    trace: ["x"].map { DictationTraceStep(stage: "pipeline", text: $0) })
  _ = (entry.finalText, entry.rawText, entry.wordCount, entry.status.rawValue, entry.engine, entry.model)
  _ = (entry.audioSeconds, entry.context, entry.errorMessage, entry.trace.first?.stage, entry.createdAt)
  _ = HistoryRetention.thirtyDays
  _ = HistoryRetention.twentyFourHours
  _ = SessionTimeoutChoice.oneHour
  _ = AppearanceChoice.system
  for preset in LLMProviderCatalog.presets { _ = (preset.id, preset.displayName, preset.defaultModel) }
  _ = DictionaryEntry(term: "t", replacements: [], matchBySound: true)
  _ = Snippet(trigger: "t", expansion: "e")
}
