import AudioInput
import DictationValues
import Foundation
import SessionChannel
import SpeechEngine
import SpeechReading

extension DictationHost {
  /// Starts the next live engine call (a settled window's reading, else a draft) when none is in flight, and
  /// publishes the live text when it changed (`LiveReading.advance`). A dictation streamed to the engine's server is
  /// read there instead (`advanceStream`).
  func scheduleLiveWork() {
    guard !(recording?.stopRequested ?? true), let engine = engine.loaded, !advanceStream(engine: engine), var recording
    else {
      return
    }
    let dictationID = recording.dictation.id
    recording.reading.pace?.power = livePower
    let step = recording.reading.advance(
      engine: engine, options: options(for: recording.dictation.context, on: engine)
    ) { [weak self] update in
      await self?.liveJobFinished(dictationID: dictationID, update)
    }
    self.recording = recording
    if let started = step.started { logger.trace("live: \(started)") }
    if step.changed {
      var raw = recording.reading.liveText
      // NB: after a stream that broke off, the revisions go on from its last.
      raw.revision += recording.stream?.revision ?? 0
      logger.trace("live: revision \(raw.revision): \(raw.confirmed) | \(raw.volatile)")
      show(raw, for: recording.dictation.context)
    }
  }

  /// Paces the live text for the phone's state (Low Power Mode drafts half as often, a hot phone not at all), from the
  /// dictation going on; the final text is read alike.
  public func setLivePower(_ power: LivePace.Power) {
    guard power != livePower else { return }
    livePower = power
    logger.notice("live text paced for \(power.rawValue) power: \(power.effect)")
  }

  /// Publishes the engine's words so far, cleaned up for the field as the final text will be.
  func show(_ raw: LiveText, for context: FieldContext) {
    publisher.liveText = environment.liveCleanUp.map { raw.cleanedUp(for: context, by: $0) } ?? raw
    publish()
  }

  private func liveJobFinished(dictationID: String, _ update: LiveReading.Update) {
    guard var recording, recording.dictation.id == dictationID else { return }
    logger.trace("live: job done at \(String(format: "%.2f", recording.reading.seconds)) s")
    recording.reading.finished(update)
    self.recording = recording
    scheduleLiveWork()
  }

  /// The shared transcription stage, as files use it.
  var transcription: VoicedTranscription { VoicedTranscription(windowing: engine.loaded?.windowing ?? .stretches) }
}
