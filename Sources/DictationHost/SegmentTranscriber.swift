import Foundation
import SpeechEngine

/// What the segments of one dictation gave so far.
struct SegmentTexts: Sendable {
  var texts: [String] = []
  var failures = 0
  var lastError: String?
  /// The language the engine reported last.
  var language: String?

  var joined: String { texts.filter { !$0.isEmpty }.joined(separator: " ") }
}

/// Transcribes finished segments one after another, in order, in the background; each waits for the one before
/// so that it can use the text so far as its prompt.
struct SegmentTranscriber: Sendable {
  private var chain: Task<SegmentTexts, Never>
  let engine: any SpeechEngine
  let options: TranscriptionOptions
  let onSegment: @Sendable (SegmentTexts) async -> Void

  init(
    engine: any SpeechEngine, options: TranscriptionOptions,
    onSegment: @escaping @Sendable (SegmentTexts) async -> Void
  ) {
    self.engine = engine
    self.options = options
    self.onSegment = onSegment
    chain = Task { SegmentTexts() }
  }

  /// Queues `samples` (one segment) for transcription after the segments before it.
  mutating func enqueue(_ samples: [Float]) {
    let previous = chain
    let engine = engine
    let base = options
    let onSegment = onSegment
    chain = Task.detached {
      var texts = await previous.value
      var options = base
      let context = texts.texts.suffix(3).joined(separator: " ")
      if !context.isEmpty { options.prompt = [base.prompt, context].compactMap { $0 }.joined(separator: " ") }
      do {
        // NB: the hallucination guard drops what the engine invents from a cough or a click.
        let transcript = try await VoicedTranscription().transcribe(segment: samples, engine: engine, options: options)
        texts.texts.append(transcript.text.trimmingCharacters(in: .whitespacesAndNewlines))
        if let language = transcript.language { texts.language = language }
      } catch {
        texts.failures += 1
        texts.lastError = "\(error)"
      }
      await onSegment(texts)
      return texts
    }
  }

  /// Waits for every queued segment.
  func finish() async -> SegmentTexts {
    await chain.value
  }
}
