import DictationValues
import Foundation
import GRDB
import TestSupport

@testable import Storage

/// UUIDs 00000000-0000-0000-0000-000000000001, …002, … in order.
final class SequentialUUIDs: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 1

  func make() -> UUID {
    lock.lock()
    defer { lock.unlock() }
    let value = String(format: "%012x", next)
    next += 1
    return UUID(uuidString: "00000000-0000-0000-0000-\(value)") ?? UUID()
  }
}

enum StoreKind: String, CaseIterable, CustomStringConvertible, Sendable {
  case inMemory, onDisk
  var description: String { rawValue }
}

/// A store with a controlled clock (starting Sunday 2026-11-22 10:00 UTC), in UTC, plus its data folder.
struct StoreFixture {
  let database: AppDatabase
  let clock: TestClock
  let folder: TemporaryDirectory

  static let start = Date(timeIntervalSince1970: 1_795_341_600)  // 2026-11-22T10:00:00Z

  init(_ kind: StoreKind = .onDisk, start: Date = StoreFixture.start) throws {
    clock = TestClock(start)
    folder = try TemporaryDirectory("utter-store")
    let environment = Self.environment(clock)
    switch kind {
    case .inMemory:
      database = try AppDatabase.inMemory(dataDirectory: folder.url, environment: environment)
    case .onDisk:
      let (database, message) = try AppDatabase.open(at: folder.url, environment: environment)
      precondition(message == nil)
      self.database = database
    }
  }

  static func environment(_ clock: TestClock) -> StoreEnvironment {
    let uuids = SequentialUUIDs()
    return StoreEnvironment(
      clock: clock.clock, makeUUID: { uuids.make() }, timeZone: TimeZone(identifier: "UTC") ?? .current)
  }

  /// Writes a fake audio file under `audio/` and returns its relative path.
  func makeAudio(_ name: String) throws -> String {
    let directory = folder.url.appendingPathComponent("audio", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(repeating: 7, count: 1024).write(to: directory.appendingPathComponent(name))
    return name
  }

  func audioExists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("audio/\(path)").path)
  }

  /// Stores a finished dictation of `text` at the clock's current time.
  @discardableResult
  func dictate(
    _ text: String, origin: DictationOrigin = .keyboard, status: DictationStatus = .complete,
    audioSeconds: Double = 5, audioPath: String? = nil, field: FieldContext = FieldContext()
  ) throws -> HistoryEntry {
    try database.insertHistory(
      HistoryEntry(
        rawText: text.lowercased(), finalText: text, engine: "whisper", model: "base", language: "en",
        audioSeconds: audioSeconds, processingSeconds: 0.4, origin: origin, field: field, status: status,
        audioPath: audioPath))
  }
}
