import DictationHost
import DictationValues
import SessionChannel
import SessionTestFakes
import TestSupport
import Testing

/// A dictation holds every sample said from the tap on: none of the first buffer, the pre-roll or the last buffer is
/// lost, whether the tap falls on a buffer's boundary or inside one.
@Suite("Samples from the tap on, exactly", .serialized)
struct TapSamplesTests {
  /// A second of audio whose every sample differs from its neighbours, so a sample lost or repeated shows.
  static let ramp = (0..<48_000).map { Float($0 % 1_000) / 1_000 + 0.0005 }

  @Test(
    "the simulated microphone gives back the samples since a tap 0.3 s (six buffers), 0.3125 s or 0.03 s before the capture, then 50 ms buffers, none lost",
    arguments: [0.3, 0.3125, 0.03])
  func playbackFromTheTap(late: Double) async throws {
    let clock = TestClock()
    let microphone = PlaybackMicrophone(samples: Self.ramp, clock: clock.clock)
    let capture = try await microphone.start(since: clock.now - late)
    var buffers = capture.buffers.makeAsyncIterator()
    var heard = try #require(try await buffers.next(), "the pre-roll comes at once")
    // NB: the next buffers are due 50 ms apart from the capture's start; the clock moves once it waits for them.
    #expect(await eventually { clock.sleeperCount == 1 })
    clock.advance(by: 0.2 + 0.001)
    for _ in 0..<4 { heard += try #require(try await buffers.next()) }
    capture.stop()
    let since = Int((late * 16_000).rounded())
    #expect(heard.count == since + 4 * 800, "\(heard.count) samples for \(since) since the tap and four buffers")
    #expect(heard == Array(Self.ramp.prefix(heard.count)), "the speaker began at the tap, and nothing is skipped")
  }

  @Test(
    "the phone's microphone gives a listener the hardware's samples since a tap on a buffer's boundary or inside one, and all that follows",
    arguments: [102.5, 102.55, 102.01, 102.99])
  func fanOutFromTheTap(tap: Double) async throws {
    let fanOut = MicrophoneFanOut()
    let buffer = MicrophoneFanOutTests.stereoTone(seconds: 0.1)
    for index in 1...30 { fanOut.deliver(buffer, sampleRate: 48_000, channels: 2, at: 100 + Double(index) / 10) }
    let capture = fanOut.listen(since: tap)
    fanOut.deliver([Float](repeating: 0, count: 4_800), sampleRate: 48_000, channels: 2, at: 103.05)
    capture.stop()
    let heard = try await MicrophoneFanOutTests.drain(capture)
    // 48 kHz stereo to 16 kHz mono: a third of the frames since the tap, the filter's tail given at stop.
    #expect(heard.count == Int(((103.05 - tap) * 16_000).rounded()), "tap at \(tap)")
  }

  @Test(
    "a dictation records every sample the microphone gave, the last buffer's part included",
    arguments: [44_800, 44_800 + 400])
  func hostRecordsEverySample(played: Int) async throws {
    let harness = try HostHarness(engine: ScriptedEngine(["every sample"]))
    defer { harness.dir.remove() }
    #expect(try await harness.startDictation())
    let audio = Array(toneBursts(3).prefix(played))
    harness.microphone.play(audio)
    #expect(await harness.microphone.waitUntilTaken())
    try harness.keyboard.send(.stop)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    let id = try #require(harness.archive.dictations.first?.uuid)
    #expect(harness.archive.audio[id] == audio, "\(harness.archive.audio[id]?.count ?? 0) of \(played) samples kept")
    await harness.stop()
  }
}
