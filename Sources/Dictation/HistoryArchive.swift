import AudioInput
import DictationHost
import Foundation
import Storage

/// History as the place every dictation is kept, whatever started it: one history entry per dictation (unless
/// retention is off), with its 16 kHz audio as a WAV for retry while the settings keep audio. Keeping the audio
/// is optional: when it fails, the text is still recorded.
public struct HistoryArchive: DictationArchive {
  public let database: AppDatabase?
  /// Where dictations recorded through this archive come from (recovered ones say so themselves).
  public var source: DictationSource
  /// Today's date, injectable for tests.
  public var now: @Sendable () -> Date

  public init(database: AppDatabase?, source: DictationSource, now: @escaping @Sendable () -> Date = Date.init) {
    self.database = database
    self.source = source
    self.now = now
  }

  public func record(_ dictation: ArchivedDictation, audio: [Float]) throws {
    _ = try recordEntry(dictation, audio: audio)
  }

  /// Records `dictation` and returns its history entry, or nil when history is off.
  @discardableResult
  public func recordEntry(_ dictation: ArchivedDictation, audio: [Float]) throws -> HistoryEntry? {
    guard let database else { throw StorageError(.failed, "history is unavailable") }
    guard try database.shouldKeepHistory() else { return nil }
    let audioPath = keepAudio(audio, id: dictation.id, in: database)
    let created = Date(timeIntervalSince1970: dictation.createdAt)
    let now = now()
    var trace = dictation.trace.map { DictationTraceStep(stage: $0.stage, text: $0.text) }
    if case .failure(let error) = audioPath {
      trace.append(DictationTraceStep(stage: "audio not kept", text: "\(error)"))
    }
    let entry = HistoryEntry(
      uuid: dictation.id, rawText: dictation.rawText, finalText: dictation.text, trace: trace,
      engine: dictation.engine, model: dictation.model, language: dictation.language ?? "",
      audioSeconds: dictation.duration,
      processingSeconds: max(0, now.timeIntervalSince(created) - dictation.duration),
      source: dictation.recovered ? .recovered : source, context: dictation.contentType ?? dictation.keyboardType,
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
