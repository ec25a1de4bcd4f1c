import Foundation
import Testing

@testable import Storage

@Suite("Retention")
struct RetentionTests {
  /// Entries aged 40 days, 10 days, 2 hours and now, each with audio.
  func aged() throws -> (StoreFixture, [String]) {
    let store = try StoreFixture()
    var paths: [String] = []
    let ages: [Double] = [40 * 86_400, 10 * 86_400, 2 * 3600, 0]
    for (index, age) in ages.enumerated() {
      store.clock.set(StoreFixture.start.addingTimeInterval(-age))
      let path = try store.makeAudio("\(index).wav")
      paths.append(path)
      try store.dictate("entry \(index)", audioPath: path)
    }
    store.clock.set(StoreFixture.start)
    return (store, paths)
  }

  @Test("keep forever purges nothing")
  func forever() throws {
    let (store, paths) = try aged()
    defer { store.folder.remove() }
    #expect(try store.database.purgeExpired().entries == 0)
    #expect(paths.allSatisfy(store.audioExists))
  }

  @Test("30 days deletes older entries and their audio only")
  func thirtyDays() throws {
    let (store, paths) = try aged()
    defer { store.folder.remove() }
    var settings = try store.database.settings()
    settings.retention = .thirtyDays
    let result = try store.database.saveSettings(settings)
    #expect(result == DeletionResult(entries: 1, audioFiles: 1), "tightening retention purges at once")
    #expect(try store.database.purgeExpired().entries == 0)
    #expect(try store.database.latestHistory(limit: 10).map(\.finalText) == ["entry 3", "entry 2", "entry 1"])
    #expect(!store.audioExists(paths[0]))
    #expect(store.audioExists(paths[1]))
  }

  @Test("24 hours measured from the injected now")
  func twentyFourHours() throws {
    let (store, paths) = try aged()
    defer { store.folder.remove() }
    try store.database.setSetting("retention", to: "24h")
    #expect(try store.database.historyCount() == 2)
    let later = StoreFixture.start.addingTimeInterval(23 * 3600)
    #expect(try store.database.purgeExpired(now: later).entries == 1)
    #expect(try store.database.latestHistory(limit: 10).map(\.finalText) == ["entry 3"])
    #expect(store.audioExists(paths[3]))
    #expect(!store.audioExists(paths[2]))
  }

  @Test("switching history off deletes everything at once")
  func off() throws {
    let (store, paths) = try aged()
    defer { store.folder.remove() }
    try store.database.setSetting("retention", to: "none")
    #expect(try store.database.purgeExpired().entries == 0, "already deleted when the setting changed")
    #expect(paths.allSatisfy { !store.audioExists($0) })
    #expect(try store.database.historyCount() == 0)
  }
}
