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

extension DictationHost {
  func startRecording(_ dictation: ActiveDictation) {
    guard let sessionID = model.sessionID else { return }
    let dictation = publisher.originated(dictation)
    if let refresh = refreshSettings?() { applySettings(refresh) }
    let now = clock.now()
    switch environment.routeEngine(dictation.context) {
    case .same: break
    case .changed:
      logger.notice("dictation \(dictation.id) is in a language another model reads: loading it")
      changeResidency(.engineChanged)
    case .refused(let line):
      // NB: before the microphone starts: a model that cannot read the language would write other words.
      logger.notice("dictation \(dictation.id) refused before recording: \(line)")
      apply(.dictationFailed(dictationID: dictation.id, reason: .languageNotRead, cause: line, now: now))
      return
    }
    publisher.recordingStarted()
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
    publisher.audioLevel = Double(meter.process(buffer).rmsDBFS)
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
    publisher.liveText = nil
    logger.info("discarded dictation \(dictation.id)")
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
    learning.settingsRead()
    logger.notice("settings changed: \(refresh.changes.joined(separator: ", ")); this dictation uses them")
    if refresh.engineChanged { changeResidency(.engineChanged) }
  }
}
