import DictationHost
import Foundation
import SessionTestFakes
import SpeechEngine
import SpeechReading
import TestSupport
import Testing

@Suite("The live text's pace: the first words at once, drafts as often as the power allows, nothing read twice")
struct LivePaceTests {
  static let rate = 16_000

  /// Speech-like audio: 0.4 s tone bursts with 0.1 s gaps between them (too short to close a segment), `seconds` long.
  static func speech(_ seconds: Double) -> [Float] {
    (0..<Int(seconds * Double(rate))).map { index in
      index % 8_000 < 6_400 ? Float(0.3 * sin(Double(index) * 2 * Double.pi * 220 / Double(rate))) : 0
    }
  }

  @Test(
    "when a draft is due, by power: the first after 0.4 s of speech, then every 0.8 s (1.6 s in Low Power Mode), none when hot",
    arguments: [
      (LivePace.Power.normal, 0.3, nil as Double?, false),
      (.normal, 0.4, nil, true),
      (.normal, 3, 0.7, false),
      (.normal, 3, 0.8, true),
      (.lowPower, 0.4, nil, true),
      (.lowPower, 3, 0.8, false),
      (.lowPower, 3, 1.6, true),
      (.hot, 0.4, nil, false),
      (.hot, 30, 30, false),
    ])
  func draftDue(power: LivePace.Power, heard: Double, sinceLast: Double?, due: Bool) {
    #expect(LivePace(interval: 0.8, power: power).draftDue(heard: heard, sinceLast: sinceLast) == due)
  }

  @Test(
    "the phone's state paces the live text: Low Power Mode halves the drafts, a serious or critical thermal state stops them",
    arguments: [
      (false, 0, LivePace.Power.normal),
      (false, 1, .normal),
      (true, 0, .lowPower),
      (true, 1, .lowPower),
      (false, 2, .hot),
      (true, 2, .hot),
      (false, 3, .hot),
      (true, 3, .hot),
    ])
  func phoneState(lowPowerMode: Bool, thermalState: Int, power: LivePace.Power) {
    #expect(LivePace.Power(lowPowerMode: lowPowerMode, thermalState: thermalState) == power)
  }

  @Test(
    "drafts keep the interval's beat: one held back does not push the next back, though three quarters of an interval still come between",
    arguments: [
      (LivePace.Power.normal, nil as Int?, 6_400, 6_400),
      (.normal, 0, 12_800, 12_800),
      (.normal, 0, 13_600, 12_800),
      (.normal, 0, 16_000, 12_800),
      (.normal, 0, 19_200, 16_000),
      (.lowPower, 0, 27_200, 25_600),
    ])
  func beat(power: LivePace.Power, last: Int?, now: Int, beat: Int) {
    #expect(LivePace(interval: 0.8, power: power).beat(after: last, now: now) == beat)
  }

  @Test("audio ends in voice while a word is being said, not in the quiet after it or under a faint hum")
  func endsInVoice() {
    let pace = LivePace(interval: 0.8)
    #expect(pace.endsInVoice(Self.speech(0.8)))
    #expect(!pace.endsInVoice(Self.speech(0.8) + [Float](repeating: 0, count: 480)))
    let faint = Self.speech(0.8) + Self.speech(0.2).map { $0 / 30 }
    #expect(!pace.endsInVoice(faint))
    #expect(pace.endsInVoice(Self.speech(0.2).map { $0 / 30 }))
  }

  @Test("drafts are asked only while a word is being said, on one thread; the readings that count keep theirs")
  func draftsEndInVoice() async {
    let engine = await Self.play(Self.speech(5) + [Float](repeating: 0, count: 16_000), pace: LivePace(interval: 0.8)).1
    let drafts = engine.drafts
    #expect(!engine.readingThreads.isEmpty && engine.readingThreads.allSatisfy { $0 == 2 }, "\(engine.readingThreads)")
    #expect(drafts.count >= 5)
    #expect(drafts.allSatisfy { (1...6_400).contains($0.samples % 8_000) }, "\(drafts.map(\.samples))")
    #expect(drafts.allSatisfy { $0.threads == 1 }, "a draft reads on one thread: \(drafts.map(\.threads))")
  }

  @Test("a long stretch of speech is kept up to a gap between words; a short one or one without a gap is read whole")
  func keptEnd() throws {
    let pace = LivePace(interval: 0.8)
    let gap = try #require(pace.keptEnd(of: Self.speech(7), from: 0))
    // The quietest moment lies inside a 0.1 s gap, at least 3 s in and 0.3 s before the end.
    #expect(gap % 8_000 >= 6_400)
    #expect(gap >= 3 * Self.rate && gap <= 7 * Self.rate - Self.rate * 3 / 10)
    #expect(pace.keptEnd(of: Self.speech(5.5), from: 0) == nil)
    let hum = (0..<(8 * Self.rate)).map { Float(0.3 * sin(Double($0) * 2 * Double.pi * 220 / Double(Self.rate))) }
    #expect(pace.keptEnd(of: hum, from: 0) == nil)
    #expect(pace.keptEnd(of: Self.speech(13), from: 7 * Self.rate) == nil)
  }

  /// Plays `audio` into a reading in 50 ms buffers, finishing each engine call before the next buffer, so the outcome
  /// never depends on how fast the machine reads; returns the reading and what the engine was asked.
  static func play(_ audio: [Float], pace: LivePace?) async -> (LiveReading, DraftLog) {
    var reading = LiveReading(segmenter: EnergyPauseSegmenter(), pace: pace)
    let engine = DraftLog()
    let (updates, sink) = AsyncStream.makeStream(of: LiveReading.Update.self)
    var pending = updates.makeAsyncIterator()
    for start in stride(from: 0, to: audio.count, by: 800) {
      _ = reading.append(Array(audio[start..<min(audio.count, start + 800)]))
      while reading.advance(engine: engine, options: TranscriptionOptions(threads: 2), deliver: { sink.yield($0) })
        .started
        != nil
      {
        guard let update = await pending.next() else { break }
        reading.finished(update)
      }
    }
    return (reading, engine)
  }

  @Test("the first draft reads the first 0.4 s of speech; no draft of 20 s of unbroken speech reads more than 7 s")
  func readsOnlyWhatIsNew() async throws {
    let (reading, engine) = await Self.play(Self.speech(20), pace: LivePace(interval: 0.8))
    let drafts = engine.drafts
    let first = try #require(drafts.first)
    #expect(first.samples == 6_400)
    #expect(drafts.allSatisfy { $0.samples <= 7 * Self.rate }, "\(drafts.map(\.samples))")
    // Kept parts are read once: the drafts after one begin where it ended, told its words.
    let after = try #require(drafts.firstIndex { !$0.prompt.isEmpty })
    let firstKept = "draft\(drafts[after - 1].samples)"
    #expect(drafts[after].prompt == firstKept)
    #expect(drafts.filter { !$0.prompt.isEmpty }.count >= 3)
    #expect(reading.liveText.volatile.hasPrefix(firstKept + " "), "\(reading.liveText.volatile)")
    // Reading the whole stretch each time would have read 20 s × 25 drafts / 2 ≈ 250 s of audio.
    #expect(drafts.map(\.samples).reduce(0, +) < 110 * Self.rate)
  }

  @Test("Low Power Mode drafts half as often; a hot phone reads no drafts")
  func lowPower() async {
    let normal = await Self.play(Self.speech(10), pace: LivePace(interval: 0.8)).1.drafts.count
    let low = await Self.play(Self.speech(10), pace: LivePace(interval: 0.8, power: .lowPower)).1.drafts.count
    let hot = await Self.play(Self.speech(10), pace: LivePace(interval: 0.8, power: .hot)).1.drafts.count
    #expect(normal == 12)
    #expect(low == 6)
    #expect(hot == 0)
  }
}

/// An engine that says how much audio each draft held ("draft6400") and remembers the drafts it was asked for.
final class DraftLog: SpeechEngine, @unchecked Sendable {
  let id = "draft-log"
  let model = "test"
  private let lock = NSLock()
  private var asked: [(samples: Int, prompt: String, threads: Int?)] = []
  private var readThreads: [Int?] = []

  var drafts: [(samples: Int, prompt: String, threads: Int?)] { lock.withLock { asked } }
  /// The threads each reading that counts (not a draft) was given.
  var readingThreads: [Int?] { lock.withLock { readThreads } }

  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    lock.withLock {
      if options.draft {
        asked.append((samples.count, options.prompt ?? "", options.threads))
      } else {
        readThreads.append(options.threads)
      }
    }
    let text = options.draft ? "draft\(samples.count)" : "read\(samples.count)"
    return Transcript(text: text, segments: [], language: "en", engine: id, model: model)
  }
}

@Suite("Windows cut while the user speaks are the ones a file decode cuts")
struct LiveWindowsTests {
  @Test("every stretch of a two-minute dictation is read while it is spoken and reused at stop, none read again")
  func everyStretchReused() async throws {
    var audio: [Float] = []
    for stretch in 0..<24 {
      // Stretches of 1.2 to 4.2 s (shorter and longer than the 2.5 s of context a window takes from the one before),
      // with pauses of 0.8 s (a segment closes) or 0.3 s (it does not).
      audio += LivePaceTests.speech(1.2 + Double(stretch % 4))
      audio += [Float](repeating: 0, count: stretch % 3 == 2 ? 4_800 : 12_800)
    }
    audio += [Float](repeating: 0, count: 16_000)
    let (played, engine) = await LivePaceTests.play(audio, pace: nil)
    var reading = played
    let (_, pending) = reading.stop(windowing: engine.windowing)
    #expect(pending == nil)
    let final = await reading.finalReading(engine: engine, options: TranscriptionOptions())
    #expect(reading.segments.count >= 16)
    #expect(final.reused == reading.segments.count)
    #expect(final.readNow == 0)
    // No window was read in a form the file decode does not cut, but for the 8 stretches the user went on after a
    // 0.3 s pause (read as the pause began, then again grown).
    #expect(reading.readingsMade <= final.reused + 8, "\(reading.readingsMade) readings")
  }
}

@Suite("The host paces its live text for the phone's power", .serialized)
struct HostLivePowerTests {
  /// Dictates 3 s of speech-like audio with the host paced for `power`; the drafts the engine was asked for, and the
  /// final text.
  static func dictate(power: LivePace.Power) async throws -> (drafts: Int, text: String?) {
    let engine = SampleCountEngine()
    let harness = try HostHarness(engine: engine)
    defer { harness.dir.remove() }
    await harness.host.setLivePower(power)
    guard try await harness.startDictation() else { return (-1, nil) }
    harness.microphone.play(LivePaceTests.speech(3) + [Float](repeating: 0, count: 16_000))
    #expect(await eventually { harness.keyboard.state?.liveText?.confirmed.isEmpty == false })
    try harness.keyboard.send(.stop)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    let id = try #require(harness.channel.resultIDs().first)
    await harness.stop()
    return (engine.draftCount, harness.channel.readResult(id: id).value?.rawText)
  }

  @Test("a hot phone reads no drafts while the user speaks, and its final text is the one read at normal power")
  func hotPhoneReadsNoDrafts() async throws {
    let normal = try await Self.dictate(power: .normal)
    let hot = try await Self.dictate(power: .hot)
    #expect(normal.drafts >= 1)
    #expect(hot.drafts == 0)
    #expect(hot.text != nil)
    #expect(hot.text == normal.text)
  }
}
