import AudioInput
import DictationValues
import Foundation
import SessionChannel
import SpeechEngine

extension DictationHost {
  /// Starts the next live engine call (a settled window's reading, else a draft) when none is in flight, and
  /// publishes the live text when it changed. Engine calls run one at a time, off the actor, so capture and the
  /// channel never wait for them; a call made stale by new speech is never used.
  func scheduleLiveWork() {
    guard var recording, !recording.stopRequested, recording.liveStale, let engine else { return }
    var probe = recording.segmenter
    let tail = probe.finish().map { SpeechSegment(startSample: $0.lowerBound, endSample: $0.upperBound) }
    // NB: speech that paused a moment ago is about to settle; a draft now would only delay its full reading.
    let speaking = tail.last.map { $0.endSample >= recording.samples.count } ?? false
    // NB: changes when a segment closes, speech opens one, or speech resumes within one (a short pause).
    let shape = recording.segments.count * 4 + tail.count * 2 + (speaking ? 1 : 0)
    if let job = recording.liveJob {
      // A draft gives way to the full reading of speech that just settled; a reading whose window grew (the user
      // spoke again after the pause) is stopped, so the engine is free for the window that will count.
      let check = job.window == nil ? !speaking : shape != recording.liveJobShape
      guard check, !job.task.isCancelled else { return }
      let (windows, settled) = LiveTranscript.windows(
        of: recording.samples, segments: recording.segments + tail, transcription: transcription)
      if let key = job.window {
        if !windows.contains(where: { $0.sourceRanges == key }) { job.task.cancel() }
      } else if recording.live.hasUnreadSettledWindow(windows, lastSettled: settled) {
        job.task.cancel()
      }
      self.recording?.liveJobShape = shape
      return
    }
    recording.liveStale = false
    let (windows, settled) = LiveTranscript.windows(
      of: recording.samples, segments: recording.segments + tail, transcription: transcription)
    let changed = recording.live.refreshLiveText(
      windows: windows, lastSettled: settled, transcription: transcription)
    let job = recording.live.nextJob(
      samples: recording.samples, windows: windows, lastSettled: settled, speaking: speaking)
    if let job {
      logger.trace(
        "live: \(Self.describe(job)) at \(String(format: "%.2f", Double(recording.samples.count) / Double(engineSampleRate))) s"
      )
      recording.liveJob = start(job, engine: engine, dictationID: recording.dictation.id)
      recording.liveJobShape = shape
    }
    self.recording = recording
    if changed {
      logger.trace(
        "live: revision \(recording.live.liveText.revision): \(recording.live.liveText.confirmed) | \(recording.live.liveText.volatile)"
      )
      let raw = recording.live.liveText
      liveText = environment.liveCleanUp.map { raw.cleanedUp(for: recording.dictation.context, by: $0) } ?? raw
      publish()
    }
  }

  private func start(_ job: LiveTranscript.Job, engine: any SpeechEngine, dictationID: String) -> LiveJobHandle {
    let options = transcriptionOptions(for: recording?.dictation.context ?? FieldContext())
    let transcription = transcription
    var window: [Range<Int>]?
    if case .read(let read) = job { window = read.sourceRanges }
    let task = Task.detached { [weak self] in
      switch job {
      case .read(let window):
        let transcript = try? await transcription.transcribe(window: window, engine: engine, options: options)
        let stopped = Task.isCancelled
        await self?.liveJobFinished(dictationID: dictationID) { live in
          if let transcript { live.read(window, as: transcript) } else if !stopped { live.readingFailed(window) }
        }
      case .draft(let samples, let from):
        let seconds = Double(samples.count) / Double(engineSampleRate)
        let draft = try? await engine.transcribe(samples, options: options.drafting)
        let text = draft.map { HallucinationGuard.cutLoop(HallucinationGuard.clean($0, voicedSeconds: seconds).text) }
        await self?.liveJobFinished(dictationID: dictationID) { live in
          // NB: a stopped draft leaves the last one shown.
          if let text { live.drafted(text.trimmingCharacters(in: .whitespacesAndNewlines), from: from) }
        }
      }
    }
    return LiveJobHandle(task: task, window: window)
  }

  private func liveJobFinished(dictationID: String, _ update: (inout LiveTranscript) -> Void) {
    guard var recording, recording.dictation.id == dictationID else { return }
    logger.trace(
      "live: job done at \(String(format: "%.2f", Double(recording.samples.count) / Double(engineSampleRate))) s")
    update(&recording.live)
    recording.liveJob = nil
    recording.liveStale = true
    self.recording = recording
    scheduleLiveWork()
  }

  static func describe(_ job: LiveTranscript.Job) -> String {
    switch job {
    case .read(let window):
      "reading \(describe(window.ownStart..<window.recordingEnd)) (\(window.pieces.count) piece(s))"
    case .draft(let samples, let from):
      "drafting \(String(format: "%.2f", Double(samples.count) / Double(engineSampleRate))) s from \(String(format: "%.2f", Double(from) / Double(engineSampleRate))) s"
    }
  }

  /// The shared transcription stage, as files use it.
  var transcription: VoicedTranscription { VoicedTranscription(windowing: engine?.windowing ?? .stretches) }
}
