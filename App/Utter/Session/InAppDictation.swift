import AudioInput
import Dictation
import DictationHost
import Foundation
import Observation
import SessionChannel
import SpeechEngine
import Storage

/// A dictation inside the app (home screen, quick notes): record until done, transcribe, format, keep in
/// history or notes.
///
/// NB: the dictation host serves only the keyboard; until it offers an in-process dictation, this records
/// the whole utterance and transcribes it at the end (no live text here).
@MainActor
@Observable
final class InAppDictation {
  enum Phase: Equatable {
    case idle
    case listening
    case transcribing
    case done(text: String, raw: String)
    case failed(String)
  }

  private(set) var phase: Phase = .idle
  /// Microphone level in dBFS while listening.
  private(set) var level: Double?
  private(set) var seconds: Double = 0

  @ObservationIgnored private var samples: [Float] = []
  @ObservationIgnored private var capture: AudioCapture?
  @ObservationIgnored private var collector: Task<Void, Never>?
  private let flow: FlowSession

  init(flow: FlowSession) {
    self.flow = flow
  }

  func start() {
    guard phase != .listening, phase != .transcribing else { return }
    samples = []
    seconds = 0
    let capture: AudioCapture
    do {
      capture = try flow.captureForApp()
    } catch {
      phase = .failed(UserMessage.of(error))
      return
    }
    self.capture = capture
    phase = .listening
    flow.feedback.started()
    collector = Task { [weak self] in
      var meter = LevelMeter()
      do {
        for try await buffer in capture.buffers {
          guard let self else { break }
          self.samples.append(contentsOf: buffer)
          self.level = Double(meter.process(buffer).rmsDBFS)
          self.seconds = Double(self.samples.count) / Double(engineSampleRate)
        }
      } catch {
        self?.phase = .failed("The microphone stopped: \(UserMessage.of(error))")
      }
    }
  }

  /// Stops listening and writes the text; saves it as a note when `asNote`.
  func finish(with pipeline: DictationPipeline, database: AppDatabase?, asNote: Bool) async {
    guard phase == .listening else { return }
    // Stopping still delivers what was captured; wait for it so the last word is kept.
    capture?.stop()
    capture = nil
    await collector?.value
    collector = nil
    flow.releaseAppCapture()
    flow.feedback.stopped()
    level = nil
    phase = .transcribing
    let audio = samples
    samples = []
    do {
      let outcome = try await pipeline.run(audio)
      guard !outcome.rawText.isEmpty else {
        phase = .failed("Didn't hear anything. Try again a little closer to the microphone.")
        return
      }
      if asNote { _ = try database?.addNote(outcome.text, sourceHistoryUUID: outcome.id) }
      phase = .done(text: outcome.text, raw: outcome.rawText)
      flow.feedback.delivered()
    } catch {
      phase = .failed(UserMessage.of(error))
      flow.feedback.failed()
    }
  }

  /// Throws the recording away.
  func cancel() {
    capture?.stop()
    capture = nil
    collector?.cancel()
    collector = nil
    samples = []
    level = nil
    if phase == .listening { flow.releaseAppCapture() }
    phase = .idle
  }
}
