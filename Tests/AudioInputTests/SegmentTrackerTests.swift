import Testing

@testable import AudioInput

@Suite("Grouping speech frames into segments")
struct SegmentTrackerTests {
  /// 10 ms frames at 16 kHz with the default pause (60 frames), padding (3 200 samples) and minimum speech (15 frames).
  func tracker(_ adjust: (inout VADConfiguration) -> Void = { _ in }) -> SegmentTracker {
    var configuration = VADConfiguration()
    adjust(&configuration)
    return SegmentTracker(configuration: configuration, sampleRate: 16_000, frameLength: 160)
  }

  /// Feeds frames described as (kind, level) and collects what comes out.
  func run(_ tracker: inout SegmentTracker, _ frames: [(FrameKind, Float)]) -> [SpeechSegment] {
    frames.compactMap { tracker.advance($0.0, levelDBFS: $0.1) }
  }

  /// Speech frames whose level alternates like syllables.
  func speech(_ count: Int) -> [(FrameKind, Float)] { (0..<count).map { (.speech, $0 % 10 < 5 ? -20 : -35) } }
  func pause(_ count: Int) -> [(FrameKind, Float)] { Array(repeating: (.quiet, -70), count: count) }
  func fricative(_ count: Int) -> [(FrameKind, Float)] { Array(repeating: (.loud, -40), count: count) }

  @Test("a pause of 0.6 s closes a padded segment")
  func closesOnPause() {
    var t = tracker()
    let out = run(&t, pause(100) + speech(50) + pause(60))
    #expect(out == [SpeechSegment(startSample: 100 * 160 - 3_200, endSample: 150 * 160 + 3_200)])
    #expect(!t.isSpeaking)
  }

  @Test("a pause just under 0.6 s does not split")
  func shortPauseKeepsSegment() {
    var t = tracker()
    #expect(run(&t, pause(30) + speech(30) + pause(59) + speech(30)).isEmpty)
    #expect(t.isSpeaking)
    let last = t.finish(totalSamples: 149 * 160)
    #expect(last == SpeechSegment(startSample: 30 * 160 - 3_200, endSample: 149 * 160))
  }

  @Test("a click of a few frames is dropped")
  func clickDropped() {
    var t = tracker()
    #expect(run(&t, pause(50) + speech(3) + pause(100)).isEmpty)
    #expect(t.finish(totalSamples: 153 * 160) == nil)
  }

  @Test("speech frames at one steady level (a fan switched on) are not a segment")
  func steadyLevelDropped() {
    var t = tracker()
    let fan: [(FrameKind, Float)] =
      [(.speech, -50), (.speech, -40), (.speech, -33)]
      + (0..<200).map { (.speech, $0 % 2 == 0 ? -30 : -32) } + [(.speech, -38), (.speech, -45)]
    #expect(run(&t, pause(50) + fan + pause(100)).isEmpty)
  }

  @Test("padding never reaches before the stream or into the previous segment")
  func paddingClamped() {
    var t = tracker { $0.padding = 0.5 }
    let out = run(&t, speech(20) + pause(60) + speech(20) + pause(60))
    #expect(out.count == 2)
    #expect(out[0] == SpeechSegment(startSample: 0, endSample: 20 * 160 + 8_000))
    #expect(out[1].startSample == out[0].endSample)
  }

  @Test("an initial and a final fricative next to the voice are kept, a far-away noise is not")
  func fricatives() {
    var t = tracker { $0.padding = 0 }
    let out = run(&t, pause(50) + fricative(10) + speech(30) + fricative(8) + pause(70))
    #expect(out == [SpeechSegment(startSample: 50 * 160, endSample: 98 * 160)])
    var u = tracker { $0.padding = 0 }
    let apart = run(&u, pause(50) + speech(30) + pause(20) + fricative(8) + pause(70))
    #expect(apart == [SpeechSegment(startSample: 50 * 160, endSample: 80 * 160)])
  }

  @Test("a segment is split at its quietest point before it exceeds the length limit")
  func forceSplit() {
    var t = tracker {
      $0.maxSegment = 5; $0.padding = 0
    }
    var frames = speech(600)
    for i in 400...402 { frames[i] = (.speech, -60) }  // the quietest moment, in the second half of the first 5 s
    let out = run(&t, frames)
    #expect(out == [SpeechSegment(startSample: 0, endSample: 401 * 160)])
    #expect(t.isSpeaking)
    #expect(t.finish(totalSamples: 600 * 160) == SpeechSegment(startSample: 401 * 160, endSample: 600 * 160))
  }

  @Test("non-stop speech is cut into pieces no longer than the limit")
  func longSpeech() {
    var t = tracker()
    var out = run(&t, speech(9_000))
    if let last = t.finish(totalSamples: 9_000 * 160) { out.append(last) }
    #expect(out.first?.startSample == 0)
    #expect(out.last?.endSample == 9_000 * 160)
    #expect(out.allSatisfy { $0.sampleCount <= 25 * 16_000 })
    #expect(zip(out, out.dropFirst()).allSatisfy { $0.endSample == $1.startSample })
  }
}
