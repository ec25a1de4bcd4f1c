import AudioInput
import DictationValues
import Foundation
import SessionChannel
import SpeechEngine

extension DictationHost {
  /// Transcribes audio a crash or kill left in the spool and keeps it in history as recovered (never inserted).
  func recoverSpool(_ leftovers: [SpoolSidecar], engine: any SpeechEngine) async {
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
        samples, segments: segments, live: nil, engine: engine, options: transcriptionOptions(for: sidecar.context))
      if reading.failures > 0 {
        logger.error(
          "cannot transcribe recovered audio \(sidecar.dictationID): \(reading.lastError ?? "unknown error")")
        continue
      }
      let raw = reading.text
      let language = reading.transcript.language
      if raw.isEmpty {
        logger.info("recovered audio \(sidecar.dictationID) holds no speech; removing it")
        environment.spool.remove(sidecar.dictationID)
        continue
      }
      let formatted = await environment.format(raw, sidecar.context.read(in: language))
      let entry = ArchivedDictation(
        id: sidecar.dictationID, sessionID: sidecar.sessionID, createdAt: sidecar.startedAt, text: formatted.text,
        rawText: raw, duration: Double(samples.count) / 16_000, engine: engine.id, model: engine.model,
        recovered: true, trace: formatted.trace, keyboardType: sidecar.context.keyboardType,
        contentType: sidecar.context.contentType, language: language)
      do {
        try environment.archive.record(entry, audio: samples)
        environment.spool.remove(sidecar.dictationID)
        recoveredDictations.append(entry)
        logger.notice(
          "recovered dictation \(sidecar.dictationID) into history (\(String(format: "%.1f", entry.duration)) s)")
      } catch {
        logger.error("cannot record recovered dictation \(sidecar.dictationID): \(error)")
      }
    }
  }
}
