import DictationHost
import Foundation
import SpeechEngine
import SpeechReading

/// Engines for the session commands: the machine's, plus a hidden stand-in for tests on machines without one.
package enum HostEngines {
  /// The hidden engine id: it "hears" how long each segment is, e.g. `heard 1.2 seconds`.
  package static let testEngineID = "test-duration"
}

/// A stand-in engine that reports the length of what it was given.
package struct DurationEngine: SpeechEngine {
  package let id = HostEngines.testEngineID
  package let model = "none"

  package init() {}

  package func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    let seconds = Double(samples.count) / Double(engineSampleRate)
    let text = "heard \(String(format: "%.1f", seconds)) seconds"
    return Transcript(text: text, segments: [], language: "en", engine: id, model: model)
  }
}

/// How the host cuts speech into segments: the voice activity detector, or (`UTTER_SEGMENTER=energy`) a plain
/// energy threshold, for comparing the two.
package enum HostSegmenters {
  package static func make(_ name: String?) -> @Sendable () -> any SpeechSegmenter {
    if name == "energy" { return { EnergyPauseSegmenter() } }
    return { VoiceActivitySegmenter() }
  }
}
