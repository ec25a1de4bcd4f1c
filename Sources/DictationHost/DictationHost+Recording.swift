import AudioInput
import DictationValues
import Foundation
import SessionChannel
import SpeechEngine
import SpeechReading

/// A dictation being recorded: its audio, segmenter, spool and the readings made while the user speaks.
struct Recording: Sendable {
  let dictation: ActiveDictation
  let startedAt: Double
  /// Where it stops by itself, near which the keyboard counts down and offers to keep going.
  var cap: RecordingCap
  /// The audio so far and its reading while the user speaks.
  var reading: LiveReading
  /// The dictation streamed to the engine's server, when the engine reads while it is recorded.
  var stream: HostStream?
  /// Where the audio goes as it is captured; nil when it cannot be written (a full disk): the dictation is then
  /// recorded in memory only, and still delivered.
  let spool: SpoolWriter?
  /// Whether writing the spool has failed in this dictation (logged once, not once per buffer).
  var spoolFailing = false
  var microphoneTask: Task<Void, Never>
  /// Stops capture; buffers already captured are still delivered.
  var stopCapture: @Sendable () -> Void = {}
  var stopRequested = false
  var lastLevelPublish: Double = 0

  var samples: [Float] { reading.samples }
}

/// A delivered dictation waiting for history to take it.
struct UnrecordedDictation: Sendable {
  let entry: HistoryEntry
  let audio: [Float]
}

extension DictationHost {
  func startRecording(_ dictation: ActiveDictation) {
    guard let sessionID = model.sessionID else { return }
    let dictation = originated(dictation)
    if let refresh = refreshSettings?() { applySettings(refresh) }
    let now = clock.now()
    audioLevel = nil
    liveText = nil
    var spool: SpoolWriter?
    do {
      spool = try environment.spool.begin(
        SpoolSidecar(dictation, sessionID: sessionID, startedAt: now))
    } catch {
      // NB: a full disk must not cost the user their words: record in memory and deliver them anyway.
      logger.error("cannot keep the audio of dictation \(dictation.id) on disk (\(error)); recording in memory only")
      spool = nil
    }
    let id = dictation.id
    let microphone = environment.microphone
    let microphoneTask = Task { [weak self] in
      do {
        let capture = try await microphone.start(since: dictation.requestedAt)
        guard let self, await self.captureStarted(capture, dictationID: id) else {
          capture.stop()
          return
        }
        for try await buffer in capture.buffers {
          await self.received(buffer, dictationID: id)
        }
      } catch is CancellationError {
      } catch {
        await self?.microphoneFailed(error, dictationID: id)
      }
    }
    recording = Recording(
      dictation: dictation, startedAt: now, cap: RecordingCap(length: configuration.maxRecordingSeconds),
      reading: LiveReading(segmenter: environment.makeSegmenter(), draftInterval: configuration.draftInterval),
      spool: spool, microphoneTask: microphoneTask)
    logger.info("recording dictation \(id)")
  }

  /// Keeps the capture's stop handle; false when the dictation already ended.
  func captureStarted(_ capture: AudioCapture, dictationID: String) -> Bool {
    guard let recording, recording.dictation.id == dictationID, !recording.stopRequested else { return false }
    self.recording?.stopCapture = capture.stop
    return true
  }

  func received(_ buffer: [Float], dictationID: String) {
    guard var recording, recording.dictation.id == dictationID else { return }
    let now = clock.now()
    // NB: nothing past the length cap is kept; the dictation stops there.
    let capacity = Int(recording.cap.limit * Double(engineSampleRate)) - recording.samples.count
    guard capacity > 0 else { return }
    // NB: the only reference while the audio is appended, so it grows in place (a shared copy was copied whole).
    self.recording = nil
    let buffer = buffer.count > capacity ? Array(buffer.prefix(capacity)) : buffer
    let warned = recording.cap.stopsIn(after: recording.reading.seconds) != nil
    let closed = recording.reading.append(buffer)
    if !warned, let left = recording.cap.stopsIn(after: recording.reading.seconds) {
      logger.notice(
        "dictation \(dictationID) stops at the \(Int(recording.cap.limit)) s cap in \(Int(left.rounded(.up))) s\(recording.cap.canKeepGoing ? " unless the user keeps going" : "")"
      )
    }
    do {
      try recording.spool?.append(buffer, now: now)
    } catch {
      if !recording.spoolFailing {
        logger.error("cannot keep the audio of dictation \(dictationID) on disk (\(error)); recording in memory only")
      }
      recording.spoolFailing = true
    }
    for segment in closed { logger.debug("segment \(Self.describe(segment)) closed by a pause") }
    var meter = LevelMeter()
    audioLevel = Double(meter.process(buffer).rmsDBFS)
    let limitReached = buffer.count == capacity
    let publishLevel = now - recording.lastLevelPublish >= configuration.levelInterval
    if publishLevel { recording.lastLevelPublish = now }
    self.recording = recording
    if publishLevel { publish() }
    scheduleLiveWork()
    if limitReached {
      logger.notice("dictation \(dictationID) reached the \(Int(recording.cap.limit)) s limit; stopping")
      apply(.recordingLimitReached(dictationID: dictationID, now: now))
    } else if let silence = configuration.endOfSpeech.silence,
      case let timing = recording.reading.speechTiming,
      configuration.endOfSpeech.hasEnded(speech: timing.speech, quiet: timing.quiet)
    {
      logger.notice(
        "dictation \(dictationID): \(EndOfSpeech.label(silence)) without speech at \(String(format: "%.2f", recording.reading.seconds)) s of audio; stopping as done"
      )
      apply(.speechEnded(dictationID: dictationID, now: now))
    }
  }

  func microphoneFailed(_ error: Error, dictationID: String) {
    logger.error("microphone failed: \(error)")
    apply(.microphoneFailed(dictationID: dictationID))
  }

  func discard(_ dictation: ActiveDictation) {
    if let recording, recording.dictation.id == dictation.id {
      recording.stopCapture()
      recording.microphoneTask.cancel()
      cancelStream(recording.stream)
      self.recording = nil
    }
    environment.spool.remove(dictation.id)
    liveText = nil
    logger.info("discarded dictation \(dictation.id)")
  }

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
      var failure: EngineLoadFailure?
      if case .failed = residency.state { failure = loadFailure }
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
        engine: engine, options: dictation.context.transcriptionOptions(from: sessionOptions))
      logger.info(
        "dictation \(dictation.id): \(reading.reused) window(s) read while speaking, \(reading.readNow) read at stop, \(recording.reading.readingsMade - reading.reused) speculative reading(s) unused"
      )
    }
    guard model.dictation?.id == dictation.id else { return }  // cancelled meanwhile
    liveText = nil  // the final text replaces it
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
    remember(raw: raw, audio: recording.samples)
    deliver(dictation, finished: finished, audio: recording.samples)
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
      unrecorded.append(UnrecordedDictation(entry: entry, audio: audio))
    } else {
      environment.spool.remove(dictation.id)
    }
    broadcast(.delivered(entry))
    // NB: the app's own dictation reaches a keyboard only when it was made for the cursor (`AppDictationTarget`).
    if let result = keyboardResult(
      for: dictation, entry: entry, notice: finished.notice, sessionID: sessionID, now: now)
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

  static func describe(_ segment: Range<Int>) -> String {
    String(format: "%.2f–%.2f s", Double(segment.lowerBound) / 16_000, Double(segment.upperBound) / 16_000)
  }

  static func slice(_ samples: [Float], _ range: Range<Int>) -> [Float] {
    let lower = min(max(0, range.lowerBound), samples.count)
    let upper = min(max(lower, range.upperBound), samples.count)
    return Array(samples[lower..<upper])
  }
}

extension DictationHost {
  /// Takes the settings a dictation starting now reads: how it is read and cleaned up, its cap and end of speech,
  /// and its engine (the one in memory is let go when the settings choose another). The session's timeout stays.
  func applySettings(_ refresh: HostSettingsRefresh) {
    var next = refresh.configuration
    next.timeout = configuration.timeout
    configuration = next
    learnedVocabulary = nil
    learnedForms = nil
    logger.notice("settings changed: \(refresh.changes.joined(separator: ", ")); this dictation uses them")
    if refresh.engineChanged { changeResidency(.engineChanged) }
  }
}

extension DictationHost {
  /// A dictation that could not be read (its engine failed, or never loaded) goes into history at once as failed,
  /// under the engine chosen, with its audio and why, so Retry reads it again once the cause is fixed. When history
  /// cannot take it now (a full disk) it is kept to be recorded as soon as it can, its spool holding the audio.
  /// Keeps a dictation no engine read in history as failed, with its audio for Retry; false when history keeps no
  /// audio of it (history off, or text only), so the keyboard does not promise it.
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
      unrecorded.append(UnrecordedDictation(entry: entry, audio: recording.samples))
      return true
    }
  }
}
