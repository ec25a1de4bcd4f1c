import Foundation
import SpeechReading
import Testing

@Suite("A dictation ends by itself after the user stops speaking, never in a pause mid-thought")
struct EndOfSpeechTests {
  static let rate = 16_000

  /// `seconds` of a 220 Hz tone loud enough to be speech, or of silence.
  static func audio(_ seconds: Double, voiced: Bool) -> [Float] {
    (0..<Int(seconds * Double(rate))).map { index -> Float in
      voiced ? Float(0.3 * sin(Double(index) * 2 * Double.pi * 220 / Double(rate))) : 0
    }
  }

  /// Feeds `parts` in 0.1 s buffers; the second at which `policy` first says the dictation ended, if it does.
  static func endsAt(_ parts: [(Double, Bool)], policy: EndOfSpeech) -> Double? {
    var reading = LiveReading(segmenter: EnergyPauseSegmenter(), draftInterval: nil)
    let samples = parts.flatMap { audio($0.0, voiced: $0.1) }
    for start in stride(from: 0, to: samples.count, by: rate / 10) {
      _ = reading.append(Array(samples[start..<min(samples.count, start + rate / 10)]))
      let timing = reading.speechTiming
      if policy.hasEnded(speech: timing.speech, quiet: timing.quiet) { return reading.seconds }
    }
    return nil
  }

  @Test("two seconds of quiet after the last word end it; the one-second pause in the middle does not")
  func endsAfterTheLastWord() throws {
    let ended = try #require(
      Self.endsAt([(1.5, true), (1, false), (1.2, true), (4, false)], policy: EndOfSpeech(silence: 2)))
    let lastWord = 1.5 + 1 + 1.2
    #expect(ended >= lastWord + 2, "not before two seconds of quiet")
    #expect(ended <= lastWord + 2.5, "within 2.5 s of the last word")
  }

  @Test("off, nothing ends it; before any speech, quiet does not end it")
  func offAndNoSpeech() {
    #expect(Self.endsAt([(1.5, true), (6, false)], policy: .off) == nil)
    #expect(Self.endsAt([(6, false)], policy: EndOfSpeech(silence: 2)) == nil)
    #expect(Self.endsAt([(0.2, true), (4, false)], policy: EndOfSpeech(silence: 2)) == nil, "a click is no speech")
  }

  @Test("the setting's seconds: 0 is off, others are the quiet that ends a dictation")
  func setting() {
    #expect(EndOfSpeech(silence: 0) == .off)
    #expect(EndOfSpeech(silence: 3).silence == 3)
    #expect(EndOfSpeech.choices.map(EndOfSpeech.label) == ["off", "1.5 s", "2 s", "3 s", "5 s"])
    #expect(EndOfSpeech.choiceLabel(0) == "No, I tap done")
    #expect(EndOfSpeech.choiceLabel(1.5) == "After 1.5 s of quiet")
  }
}
