import AudioInput
import DictationValues
import Foundation
import SessionChannel
import SpeechEngine
import SpeechReading

extension DictationHost {
  /// Transcribes audio a crash or kill left in the spool and keeps it in history as recovered (never inserted);
  /// returns the entries history took.
  func recoverSpool(_ leftovers: [SpoolSidecar], engine: any SpeechEngine) async -> [HistoryEntry] {
    var recovered: [HistoryEntry] = []
    for sidecar in leftovers {
      if environment.archive.contains(id: sidecar.dictationID) {
        // The crash came after history had it: the spool is done, and the entry must not come back twice.
        logger.info("dictation \(sidecar.dictationID) is already in history; removing its spool")
        environment.spool.remove(sidecar.dictationID)
        continue
      }
      let samples = environment.spool.samples(of: sidecar.dictationID)
      var segmenter = environment.makeSegmenter()
      let segments = (segmenter.process(samples) + segmenter.finish()).map {
        SpeechSegment(startSample: $0.lowerBound, endSample: $0.upperBound)
      }
      // The same transcription as a live dictation's final text: the shared stage's windows.
      let reading = await WindowedReading.read(
        samples, segments: segments, engine: engine,
        options: options(for: sidecar.context, on: engine))
      if reading.failures > 0 {
        logger.error(
          "cannot transcribe recovered audio \(sidecar.dictationID): \(reading.lastError ?? "unknown error")")
        continue
      }
      let raw = reading.text
      if raw.isEmpty {
        logger.info("recovered audio \(sidecar.dictationID) holds no speech; removing it")
        environment.spool.remove(sidecar.dictationID)
        continue
      }
      let finished = await environment.finish(
        DictationReading(
          id: sidecar.dictationID, transcript: reading.transcript, audio: samples, field: sidecar.context,
          origin: sidecar.origin ?? .keyboard,
          startedAt: Date(timeIntervalSince1970: sidecar.startedAt), recovered: true))
      if let error = finished.archiveError {
        logger.error("cannot record recovered dictation \(sidecar.dictationID): \(error)")
      } else {
        environment.spool.remove(sidecar.dictationID)
        recovered.append(finished.entry)
        let seconds = String(format: "%.1f", finished.entry.audioSeconds)
        logger.notice("recovered dictation \(sidecar.dictationID) into history (\(seconds) s)")
      }
    }
    return recovered
  }
}
