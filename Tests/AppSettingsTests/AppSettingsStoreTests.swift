import AppSettings
import Dictation
import Foundation
import KeyboardModel
import SessionChannel
import Storage
import TestSupport
import Testing

@Suite("The app's settings: saved on each change, shared with the keyboard, and honest when they cannot be saved")
@MainActor
struct AppSettingsStoreTests {
  @Test("a change is saved for the next launch, reaches the keyboard, and is applied once; no change, nothing")
  func changeSavedAndShared() throws {
    let data = try TemporaryDirectory("utter-app-data")
    let group = try TemporaryDirectory("utter-app-group")
    defer {
      data.remove()
      group.remove()
    }
    let store = AppSettingsStore(data: DataFolder(root: data.url), shared: SharedFolder(appGroup: group.url))
    #expect(store.problem == nil)
    #expect(try KeyboardSettings.read(from: SharedFolder(appGroup: group.url)).haptics)
    var applied: [UtterSettings] = []
    store.onChange = { applied.append($0) }

    #expect(store.update { $0.haptics = false } == nil, "saved: no banner")
    store.update { $0.haptics = false }
    #expect(applied.map(\.haptics) == [false], "the same value again changes nothing")
    #expect(try KeyboardSettings.read(from: SharedFolder(appGroup: group.url)).haptics == false)

    let nextLaunch = AppSettingsStore(data: DataFolder(root: data.url), shared: nil)
    #expect(nextLaunch.settings.haptics == false)
  }

  @Test("a data folder whose database is not SQLite: history says it is unavailable, and a change says it lasts")
  func unreadableDatabase() throws {
    let data = try TemporaryDirectory("utter-app-data")
    defer { data.remove() }
    let folder = DataFolder(root: data.url)
    try FileManager.default.createDirectory(
      at: folder.database.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("these are not the pages of a database, just some words".utf8).write(to: folder.database)
    let store = AppSettingsStore(data: folder, shared: nil)
    #expect(store.database == nil)
    #expect(store.problem?.hasPrefix("History is unavailable: ") == true, "\(store.problem ?? "nil")")
    #expect(store.problem?.contains("not an SQLite database") == true, "\(store.problem ?? "nil")")

    let banner = store.update { $0.sounds = false }
    #expect(banner == "Settings apply until Utter closes: its database could not be opened")
    #expect(store.settings.sounds == false, "in force for this launch")
    #expect(
      try String(contentsOf: folder.database, encoding: .utf8).hasPrefix("these are not"), "the file is left as it was")
  }
}
