import AudioInput
import DictationHost
import Foundation
import Storage

/// The dictation host's archive on iPhone: each dictation becomes a history entry in the app's database
/// (unless history is off). NB: the CLI has the same mapping (SessionHistoryArchive); it belongs in a module.
struct HistoryArchive: DictationArchive {
  let database: AppDatabase?
  var source: DictationSource = .keyboard

  func record(_ dictation: ArchivedDictation) throws {
    try record(dictation, audio: nil)
  }

  /// Records `dictation`, keeping `audio` (16 kHz) as a WAV for retry when the settings keep audio.
  func record(_ dictation: ArchivedDictation, audio: [Float]?) throws {
    guard let database, try database.shouldKeepHistory() else { return }
    var audioPath: String?
    if let audio, !audio.isEmpty, try database.settings().keepAudio, let directory = database.audioDirectory {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let name = "\(dictation.id).wav"
      try WAVEncoding.file(audio).write(to: directory.appendingPathComponent(name), options: .atomic)
      audioPath = name
    }
    let created = Date(timeIntervalSince1970: dictation.createdAt)
    let entry = HistoryEntry(
      uuid: dictation.id, rawText: dictation.rawText, finalText: dictation.text,
      trace: dictation.trace.map { DictationTraceStep(stage: $0.stage, text: $0.text) },
      engine: dictation.engine, model: dictation.model, audioSeconds: dictation.duration,
      processingSeconds: max(0, Date().timeIntervalSince(created) - dictation.duration),
      source: dictation.recovered ? .recovered : source,
      context: dictation.contentType ?? dictation.keyboardType,
      status: dictation.recovered ? .recovered : .complete, audioPath: audioPath, createdAt: created,
      updatedAt: Date())
    _ = try database.insertHistory(entry)
  }

  func markDelivered(id: String) throws {
    _ = try database?.markDelivered(uuid: id)
  }
}
