import AudioInput
import Foundation
import SessionChannel
import SpeechEngine

extension DictationHost {
  /// Starts the next live engine call (a settled window's reading, else a draft) when none is in flight, and
  /// publishes the live text when it changed. Engine calls run one at a time, off the actor, so capture and the
  /// channel never wait for them; a call made stale by new speech is never used.
  func scheduleLiveWork() {
    guard var recording, recording.liveJob == nil, !recording.stopRequested, !recording.paused, recording.liveStale,
      let engine
    else { return }
    recording.liveStale = false
    var probe = recording.segmenter
    let tail = probe.finish().map { SpeechSegment(startSample: $0.lowerBound, endSample: $0.upperBound) }
    let (windows, settled) = LiveTranscript.windows(
      of: recording.samples, segments: recording.segments + tail, transcription: transcription)
    let changed = recording.live.refreshLiveText(windows: windows, lastSettled: settled)
    let job = recording.live.nextJob(
      samples: recording.samples, windows: windows, lastSettled: settled, speaking: !tail.isEmpty)
    if let job { recording.liveJob = start(job, engine: engine, dictationID: recording.dictation.id) }
    self.recording = recording
    if changed {
      liveText = recording.live.liveText
      publish()
    }
  }

  private func start(_ job: LiveTranscript.Job, engine: any SpeechEngine, dictationID: String) -> Task<Void, Never> {
    let options = configuration.transcription
    let transcription = transcription
    return Task.detached { [weak self] in
      switch job {
      case .read(let window):
        let transcript = try? await transcription.transcribe(window: window, engine: engine, options: options)
        await self?.liveJobFinished(dictationID: dictationID) { live in
          if let transcript { live.read(window, as: transcript) } else { live.readingFailed(window) }
        }
      case .draft(let samples, let from):
        let seconds = Double(samples.count) / Double(engineSampleRate)
        let draft = try? await engine.transcribe(samples, options: options.drafting)
        let text = draft.map { HallucinationGuard.clean($0, voicedSeconds: seconds).text } ?? ""
        await self?.liveJobFinished(dictationID: dictationID) { live in
          live.drafted(text.trimmingCharacters(in: .whitespacesAndNewlines), from: from)
        }
      }
    }
  }

  private func liveJobFinished(dictationID: String, _ update: (inout LiveTranscript) -> Void) {
    guard var recording, recording.dictation.id == dictationID else { return }
    update(&recording.live)
    recording.liveJob = nil
    recording.liveStale = true
    self.recording = recording
    scheduleLiveWork()
  }

  /// The shared transcription stage, as files use it.
  var transcription: VoicedTranscription { VoicedTranscription() }
}
