import AudioInput
import DictationValues
import Foundation
import SessionChannel
import SpeechEngine
import SpeechReading

/// The stop path, in the order it runs: the microphone stops, the dictation waits for the engine if it is still
/// loading, the tail is read (or the stream's words taken), the finishing step formats and records it, and the text
/// is published to the keyboard or the app; a dictation no engine could read is kept in history as failed.
extension DictationHost {
  /// Stops the microphone and reads the tail, then hands the reading to the finishing step (formats, records history)
  /// and publishes the result.
  func stopRecording(_ dictation: ActiveDictation) async {
    guard let stopping = recording, stopping.dictation.id == dictation.id else {
      // NB: nothing was captured (the microphone never started); say so rather than stay "transcribing".
      apply(.dictationFailed(dictationID: dictation.id, reason: .microphoneFailed, now: clock.now()))
      return
    }
    // Everything captured before stop is processed: the stream ends once it is delivered.
    recording?.stopRequested = true
    stopping.stopCapture()
    let clock = clock
    let watchdog = Task {
      // NB: a microphone that never ends its stream must not hold the dictation hostage.
      try await clock.sleep(2)
      stopping.microphoneTask.cancel()
    }
    await stopping.microphoneTask.value
    watchdog.cancel()
    // NB: a dictation that began before the engine was ready (a cold tap) was recorded all the same; it waits
    // here for the engine, its audio safe in the spool.
    guard let engine = await readyEngine() else {
      // NB: a session that ended meanwhile left the audio in the spool for its next start; an engine that cannot load
      // (a key deleted, a damaged model) leaves the dictation in history now, failed, with its audio, for Retry.
      guard model.dictation?.id == dictation.id, let unread = recording, unread.dictation.id == dictation.id else {
        return
      }
      recording = nil
      unread.spool?.sync()
      let failure = self.engine.failure
      logger.error("dictation \(dictation.id) cannot be read: the speech engine did not load")
      let kept = keepFailed(
        unread, engine: failure?.engine ?? "", model: failure?.model ?? "", cause: failure?.description)
      apply(
        .dictationFailed(
          dictationID: dictation.id, reason: kept ? .transcriptionFailed : .transcriptionFailedNotKept,
          cause: failure?.description, now: clock.now()))
      return
    }
    guard var recording, recording.dictation.id == dictation.id else { return }
    let cutShort = dictation.cutShort
    var dictation = recording.dictation  // with the origin the app's request gave it
    dictation.cutShort = cutShort
    let (tail, pending) = recording.reading.stop(windowing: engine.windowing)
    for segment in tail { logger.debug("tail segment \(Self.describe(segment))") }
    if let pending {
      await pending.value
      // NB: the call's outcome went to the stored recording; its readings count for the final text.
      if let finished = self.recording?.reading { recording.reading.adoptReadings(of: finished) }
    }
    self.recording = nil
    recording.spool?.sync()
    let reading: WindowedReading
    if let streamed = await finishStream(recording.stream, samples: recording.samples, dictationID: dictation.id) {
      reading = WindowedReading(transcript: streamed)
      logger.info("dictation \(dictation.id): read by the server while spoken")
    } else {
      // The windows a whole-recording decode cuts; those read while the user spoke are not read again.
      reading = await recording.reading.finalReading(
        engine: engine, options: options(for: dictation.context, on: engine))
      logger.info(
        "dictation \(dictation.id): \(reading.reused) window(s) read while speaking, \(reading.readNow) read at stop, \(recording.reading.readingsMade - reading.reused) speculative reading(s) unused"
      )
    }
    guard model.dictation?.id == dictation.id else { return }  // cancelled meanwhile
    publisher.liveText = nil  // the final text replaces it
    let now = clock.now()
    let raw = reading.text
    if raw.isEmpty {
      if reading.failures > 0 {
        let kept = keepFailed(recording, engine: engine.id, model: engine.model, cause: reading.lastError)
        apply(
          .dictationFailed(
            dictationID: dictation.id, reason: kept ? .transcriptionFailed : .transcriptionFailedNotKept,
            cause: reading.lastError, now: now))
      } else {
        environment.spool.remove(dictation.id)
        apply(.dictationFailed(dictationID: dictation.id, reason: .nothingHeard, now: now))
      }
      return
    }
    apply(.tailTranscribed(dictationID: dictation.id))
    let finished = await environment.finish(
      DictationReading(
        id: dictation.id, transcript: reading.transcript, audio: recording.samples, field: dictation.context,
        origin: dictation.origin,
        startedAt: Date(timeIntervalSince1970: recording.startedAt)))
    if model.abandonedID == dictation.id {
      return keepCancelled(dictation, finished: finished, audio: recording.samples)
    }
    learning.remember(raw: raw, audio: recording.samples)
    deliver(dictation, finished: finished, audio: recording.samples)
  }

  /// Keeps a dictation its user cancelled while its text was written: in history as cancelled, with its audio, and
  /// published to nobody.
  private func keepCancelled(_ dictation: ActiveDictation, finished: FinishedDictation, audio: [Float]) {
    if finished.archiveError != nil {
      var entry = finished.entry
      entry.status = .cancelled
      backlog.keep(UnrecordedDictation(entry: entry, audio: audio))
    } else {
      do { try environment.archive.markCancelled(id: dictation.id) } catch {
        logger.error("cannot mark \(dictation.id) cancelled: \(error)")
      }
      environment.spool.remove(dictation.id)
    }
    logger.info("cancelled dictation \(dictation.id): kept in history as cancelled, not delivered")
    apply(.delivered(dictationID: dictation.id, now: clock.now()))
  }

  /// Publishes a finished dictation: to the keyboard as a result (the app's own on its update stream, and to the
  /// keyboard only when made for the cursor), after history took it, or kept to be recorded when history can take it
  /// again.
  private func deliver(_ dictation: ActiveDictation, finished: FinishedDictation, audio: [Float]) {
    guard let sessionID = model.sessionID else { return }
    let now = clock.now()
    let entry = finished.entry
    if let error = finished.archiveError {
      // NB: the text is delivered all the same, and kept to be recorded when history can take it again (the spool,
      // if any, holds the audio for the next start should the app stop first).
      logger.error("cannot record dictation \(dictation.id) in history (\(error)); keeping it to record later")
      backlog.keep(UnrecordedDictation(entry: entry, audio: audio))
    } else {
      environment.spool.remove(dictation.id)
    }
    publisher.broadcast(.delivered(entry))
    // NB: the app's own dictation reaches a keyboard only when it was made for the cursor (`AppDictationTarget`).
    if let result = publisher.keyboardResult(
      for: dictation, entry: entry, notice: finished.notice, pressesReturn: finished.pressesReturn,
      original: finished.original, sessionID: sessionID, now: now)
    {
      do {
        try channel.writeResult(result)
        watcher.notifier.post(ChannelFile.result(result.id))
      } catch {
        logger.error("cannot publish result \(result.id): \(error)")
      }
    }
    logger.info("delivered dictation \(dictation.id) (\(String(format: "%.1f", entry.audioSeconds)) s)")
    apply(.delivered(dictationID: dictation.id, now: now))
  }

  /// Keeps a dictation no engine could read (its engine failed, or never loaded) in history at once as failed, under
  /// the engine chosen, with its audio and why, so Retry reads it again once the cause is fixed; when history cannot
  /// take it now (a full disk) it is kept to be recorded as soon as it can, its spool holding the audio. False when
  /// history keeps no audio of it (history off, or text only), so the keyboard does not promise it.
  @discardableResult
  func keepFailed(_ recording: Recording, engine: String, model: String, cause: String?) -> Bool {
    let dictation = recording.dictation
    let entry = HistoryEntry(
      uuid: dictation.id, engine: engine, model: model,
      audioSeconds: Double(recording.samples.count) / Double(engineSampleRate), origin: dictation.origin,
      field: dictation.context, status: .failed, errorMessage: cause,
      createdAt: Date(timeIntervalSince1970: recording.startedAt), updatedAt: Date(timeIntervalSince1970: clock.now()))
    let why = cause ?? "unknown error"
    do {
      if let kept = try environment.archive.record(entry, audio: recording.samples) {
        environment.spool.remove(dictation.id)
        logger.error("dictation \(dictation.id) failed (\(why)); kept in history as failed, with its audio")
        return kept.audioPath != nil
      }
      logger.error("dictation \(dictation.id) failed (\(why)); history is off, its audio stays in the spool")
      return false
    } catch {
      logger.error("cannot keep the failed dictation \(dictation.id) in history (\(error)); keeping it to record later")
      backlog.keep(UnrecordedDictation(entry: entry, audio: recording.samples))
      return true
    }
  }
}
