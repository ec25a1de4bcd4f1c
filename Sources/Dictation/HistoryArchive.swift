import AudioInput
import DictationValues
import Foundation
import SpeechReading
import Storage

/// History as the place every dictation is kept, whatever started it: one history entry per dictation (unless
/// retention is off), with its 16 kHz audio as a WAV for retry while the settings keep audio. Keeping the audio
/// is optional: when it fails, the text is still recorded.
public struct HistoryArchive: DictationArchive {
  private let access: DatabaseAccess
  /// Who starts the pipeline's own runs kept here (a file, a Shortcut, the command line); the host's dictations say
  /// who started them themselves.
  public var origin: DictationOrigin

  public init(database: AppDatabase?, origin: DictationOrigin) {
    access = DatabaseAccess(database: database, open: nil)
    self.origin = origin
  }

  /// History in `dataDirectory`, opened when first needed and again after every failure: a disk that was full
  /// when the app started takes the dictations kept waiting once there is space.
  public init(opening dataDirectory: URL, origin: DictationOrigin) {
    access = DatabaseAccess(database: nil) { try AppDatabase.open(at: dataDirectory).0 }
    self.origin = origin
  }

  /// The store, when it is (or can now be) open.
  public var database: AppDatabase? { try? access.database() }

  /// Records `dictation` with its audio (as the settings keep it) and returns it as kept, or nil when history is
  /// off.
  @discardableResult
  public func record(_ dictation: HistoryEntry, audio: [Float]) throws -> HistoryEntry? {
    let database = try access.database()
    guard try database.shouldKeepHistory() else { return nil }
    var entry = dictation
    switch keepAudio(audio, id: dictation.uuid, in: database) {
    case .success(let name): entry.audioPath = name
    case .failure(let error): entry.trace.append(TraceStep(stage: "audio not kept", text: "\(error)"))
    case nil: break
    }
    let inserted = try database.insertHistory(entry)
    // NB: the dictation must not live only in the write-ahead log.
    database.checkpoint()
    return inserted
  }

  public func markDelivered(id: String) throws {
    _ = try database?.markDelivered(uuid: id)
  }

  public func markCancelled(id: String) throws {
    _ = try database?.markCancelled(uuid: id)
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
