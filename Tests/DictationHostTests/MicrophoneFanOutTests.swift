import DictationHost
import Foundation
import TestSupport
import Testing

@Suite("One microphone shared by every dictation of a flow session")
struct MicrophoneFanOutTests {
  /// `seconds` of a 440 Hz tone at 48 kHz, stereo interleaved.
  static func stereoTone(seconds: Double) -> [Float] {
    let frames = Int(seconds * 48_000)
    return (0..<frames).flatMap { index -> [Float] in
      let value = Float(0.5 * sin(2 * Double.pi * 440 * Double(index) / 48_000))
      return [value, value]
    }
  }

  /// Everything a capture yields until its stream ends.
  static func drain(_ capture: AudioCapture) async throws -> [Float] {
    var all: [Float] = []
    for try await buffer in capture.buffers { all += buffer }
    return all
  }

  @Test("48 kHz stereo from the hardware reaches each listener as 16 kHz mono, the filter's tail included at stop")
  func convertsOnceForEveryone() async throws {
    let fanOut = MicrophoneFanOut()
    let first = fanOut.listen()
    let second = fanOut.listen()
    let tone = Self.stereoTone(seconds: 1)
    for start in stride(from: 0, to: tone.count, by: 9_600) {
      fanOut.deliver(
        Array(tone[start..<min(tone.count, start + 9_600)]), sampleRate: 48_000, channels: 2,
        at: Double(start + 9_600) / 96_000)
    }
    second.stop()
    first.stop()
    let heardBySecond = try await Self.drain(second)
    let heardByFirst = try await Self.drain(first)
    #expect(heardByFirst.count == 16_000, "one second at 16 kHz, the resampler's tail given to the last listener")
    #expect(heardBySecond.count < heardByFirst.count)
    #expect(heardBySecond.count > 15_000)
    #expect(!fanOut.hasListeners)
  }

  @Test("with no listener nothing is converted, only the last second is kept; a listener from now hears none of it")
  func idleMeansNoWork() async throws {
    let fanOut = MicrophoneFanOut()
    // Three seconds of tone, in 0.1 s buffers, captured from t = 100 s.
    let buffer = Self.stereoTone(seconds: 0.1)
    for index in 1...30 { fanOut.deliver(buffer, sampleRate: 48_000, channels: 2, at: 100 + Double(index) / 10) }
    #expect(abs(fanOut.preRollHeld - MicrophoneFanOut.preRollSeconds) < 0.11, "\(fanOut.preRollHeld) s held")
    let late = fanOut.listen()
    fanOut.deliver([Float](repeating: 0, count: 960), sampleRate: 48_000, channels: 2, at: 103.01)
    late.stop()
    let heard = try await Self.drain(late)
    #expect(heard.allSatisfy { $0 == 0 }, "only the silence delivered after it began listening")
    #expect(fanOut.preRollHeld == 0, "the pre-roll is gone once someone listened")
  }

  @Test("a listener from the user's tap hears the audio since the tap, up to the pre-roll's second, then what follows")
  func preRollFromTheTap() async throws {
    for (tap, expected) in [(102.5, 0.5), (101.2, 1.0), (103.5, 0.0)] {
      let fanOut = MicrophoneFanOut()
      let buffer = Self.stereoTone(seconds: 0.1)
      for index in 1...30 { fanOut.deliver(buffer, sampleRate: 48_000, channels: 2, at: 100 + Double(index) / 10) }
      let capture = fanOut.listen(since: tap)
      fanOut.deliver([Float](repeating: 0, count: 4_800), sampleRate: 48_000, channels: 2, at: 103.05)
      capture.stop()
      let heard = try await Self.drain(capture)
      let seconds = Double(heard.count) / 16_000 - 0.05
      #expect(abs(seconds - expected) < 0.01, "tap at \(tap): \(seconds) s before the listener began")
      #expect(
        expected == 0 || heard.prefix(1_600).contains { abs($0) > 0.1 }, "the tone said since the tap comes first")
    }
  }

  @Test("a microphone that fails ends every listener's stream with the error")
  func failureReachesListeners() async throws {
    struct Gone: Error {}
    let fanOut = MicrophoneFanOut()
    let capture = fanOut.listen()
    fanOut.finish(failing: Gone())
    await #expect(throws: Gone.self) { _ = try await Self.drain(capture) }
  }
}
