import AudioInput
import Clocks
import DictationHost
import DictationValues
import Foundation
import Storage

/// History as the place every dictation is kept, whatever started it: one history entry per dictation (unless
/// retention is off), with its 16 kHz audio as a WAV for retry while the settings keep audio. Keeping the audio
/// is optional: when it fails, the text is still recorded.
public struct HistoryArchive: DictationArchive {
  private let access: DatabaseAccess
  /// Where dictations recorded through this archive come from (recovered ones say so themselves).
  public var source: DictationSource
  /// The clock that dates entries (a test clock in tests).
  public var clock: UtterClock

  public init(database: AppDatabase?, source: DictationSource, clock: UtterClock = .system) {
    access = DatabaseAccess(database: database, open: nil)
    self.source = source
    self.clock = clock
  }

  /// History in `dataDirectory`, opened when first needed and again after every failure: a disk that was full
  /// when the app started takes the dictations kept waiting once there is space.
  public init(
    opening dataDirectory: URL, source: DictationSource, clock: UtterClock = .system
  ) {
    access = DatabaseAccess(database: nil) { try AppDatabase.open(at: dataDirectory).0 }
    self.source = source
    self.clock = clock
  }

  /// The store, when it is (or can now be) open.
  public var database: AppDatabase? { try? access.database() }

  public func record(_ dictation: ArchivedDictation, audio: [Float]) throws {
    _ = try recordEntry(dictation, audio: audio)
  }

  /// Records `dictation` and returns its history entry, or nil when history is off.
  @discardableResult
  public func recordEntry(_ dictation: ArchivedDictation, audio: [Float]) throws -> HistoryEntry? {
    let database = try access.database()
    guard try database.shouldKeepHistory() else { return nil }
    let audioPath = keepAudio(audio, id: dictation.id, in: database)
    let created = Date(timeIntervalSince1970: dictation.createdAt)
    let now = clock.date()
    var trace = dictation.trace
    if case .failure(let error) = audioPath {
      trace.append(TraceStep(stage: "audio not kept", text: "\(error)"))
    }
    let entry = HistoryEntry(
      uuid: dictation.id, rawText: dictation.rawText, finalText: dictation.text, trace: trace,
      engine: dictation.engine, model: dictation.model, language: dictation.language ?? "",
      audioSeconds: dictation.duration,
      processingSeconds: max(0, now.timeIntervalSince(created) - dictation.duration),
      source: dictation.recovered ? .recovered : dictation.origin == .app ? .app : source, context: dictation.contentType ?? dictation.keyboardType,
      status: dictation.recovered ? .recovered : .complete, audioPath: try? audioPath?.get(), createdAt: created,
      updatedAt: now)
    let inserted = try database.insertHistory(entry)
    // NB: the dictation must not live only in the write-ahead log.
    database.checkpoint()
    return inserted
  }

  public func markDelivered(id: String) throws {
    _ = try database?.markDelivered(uuid: id)
  }

  public func contains(id: String) -> Bool {
    (try? database?.historyEntry(uuid: id)) != nil
  }

  /// Writes the audio when the settings keep it: its file name, nil when not kept, or why it could not be.
  private func keepAudio(_ audio: [Float], id: String, in database: AppDatabase) -> Result<String, any Error>? {
    guard !audio.isEmpty, (try? database.settings().keepAudio) ?? true, let directory = database.audioDirectory
    else { return nil }
    let name = "\(id).wav"
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      let url = directory.appendingPathComponent(name)
      try WAVEncoding.file(audio).write(to: url, options: .atomic)
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
      return .success(name)
    } catch {
      return .failure(error)
    }
  }
}

/// The archive's store: given, or opened on demand (and retried after a failure).
private final class DatabaseAccess: @unchecked Sendable {
  private let lock = NSLock()
  private var opened: AppDatabase?
  private let open: (@Sendable () throws -> AppDatabase)?

  init(database: AppDatabase?, open: (@Sendable () throws -> AppDatabase)?) {
    opened = database
    self.open = open
  }

  func database() throws -> AppDatabase {
    lock.lock()
    defer { lock.unlock() }
    if let opened { return opened }
    guard let open else { throw StorageError(.failed, "history is unavailable") }
    let database = try open()
    opened = database
    return database
  }
}
