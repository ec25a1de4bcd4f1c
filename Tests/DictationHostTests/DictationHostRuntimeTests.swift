import AudioInput
import DictationHost
import DictationValues
import Foundation
import SessionChannel
import SessionTestFakes
import SpeechEngine
import SpeechReading
import TestSupport
import Testing
import WordMatching

/// Plays the keyboard's part by hand: writes commands, reads state and results.
final class KeyboardStandIn: @unchecked Sendable {
  let channel: SessionChannel
  let clock: TestClock
  private var log = CommandLog()

  init(channel: SessionChannel, clock: TestClock) {
    self.channel = channel
    self.clock = clock
  }

  var state: HostState? { channel.readState().value }

  func send(
    _ kind: CommandKind, context: FieldContext? = nil, result: String? = nil, edit: InsertionEdit? = nil
  ) throws {
    let command = SessionCommand(
      seq: log.lastSeq + 1, sessionID: state?.sessionID, kind: kind, sentAt: clock.now,
      context: context, resultID: result, edit: edit)
    log.append(command)
    try channel.writeCommands(log)
  }
}

/// The windows a whole-recording decode cuts from `audio` with the harness's segmenter.
func wholeRecordingWindows(_ audio: [Float]) -> [VoicedTranscription.Window] {
  var segmenter = EnergyPauseSegmenter()
  let segments = (segmenter.process(audio) + segmenter.finish()).map {
    SpeechSegment(startSample: $0.lowerBound, endSample: $0.upperBound)
  }
  return VoicedTranscription().windows(for: audio, segments: segments)
}

/// What a whole-recording decode of `audio` gives with the sample-count engine: each window read, then joined.
func wholeRecordingText(_ audio: [Float]) async throws -> String {
  try await VoicedTranscription().transcribe(
    windows: wholeRecordingWindows(audio), engine: SampleCountEngine(), options: TranscriptionOptions()
  ).text
}

/// A host on a test clock (time moves only when a test says so) with a microphone the test feeds by hand.
struct HostHarness {
  let dir: TemporaryDirectory
  let channel: SessionChannel
  let host: DictationHost
  let archive: MemoryArchive
  let spool: AudioSpool
  let run: Task<Void, Error>
  let keyboard: KeyboardStandIn
  let clock = TestClock()
  let microphone = ManualMicrophone()
  /// The files the host says it has written (its state after every change), for tests that follow them.
  let notifier = PostedChanges()

  init(
    engine: any SpeechEngine, dir existing: TemporaryDirectory? = nil,
    configuration: HostConfiguration = HostConfiguration(), recorded: [HistoryEntry] = [],
    learnCorrections: @escaping CorrectionLearning = { _ in CorrectionResult(summary: "ignored") },
    liveCleanUp: LiveTextCleanUp? = nil, loads: EngineLoads? = nil,
    loadFailure: @escaping @Sendable () -> (any Error)? = { nil }, finishing: Gate? = nil,
    routeEngine: @escaping @Sendable (FieldContext) -> EngineRouting = { _ in .same }
  ) throws {
    dir = try existing ?? TemporaryDirectory("host")
    let container = dir.path("container")
    channel = SessionChannel(container: container)
    archive = MemoryArchive(channel: channel)
    for dictation in recorded { try archive.record(dictation, audio: []) }
    spool = AudioSpool(directory: dir.path("spool"))
    let environment = HostEnvironment(
      clock: clock.clock, microphone: microphone,
      makeSegmenter: { EnergyPauseSegmenter() },
      loadEngine: {
        await loads?.loading()
        if let error = loadFailure() { throw error }
        return engine
      },
      finish: { [archive] reading in
        // NB: the finishing step (clean-up, polish) takes as long as the test holds `finishing` shut.
        await finishing?.wait()
        return await testFinishing(archive: archive)(reading)
      }, archive: archive,
      spool: spool, makeSessionID: { UUID().uuidString.lowercased() }, learnCorrections: learnCorrections,
      liveCleanUp: liveCleanUp, unloadEngine: { loads?.unloaded() }, routeEngine: routeEngine)
    try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
    host = DictationHost(
      channel: channel, watcher: ChannelWatcher(notifier: notifier, pollInterval: 0.05),
      environment: environment, configuration: configuration)
    let host = host
    run = Task { try await host.run() }
    keyboard = KeyboardStandIn(channel: SessionChannel(container: container), clock: clock)
  }

  func stop() async {
    await host.stop()
    _ = try? await run.value
  }

  /// Taps start once the host is in standby and waits until it records from the microphone (its `captures`th
  /// capture, counted from 1); false when either did not happen.
  func startDictation(context: FieldContext? = nil, captures: Int = 1) async throws -> Bool {
    guard await eventually({ keyboard.state?.phase == .standby }) else { return false }
    try keyboard.send(.start, context: context)
    return await eventually { keyboard.state?.phase == .recording && microphone.captureCount == captures }
  }
}

@Suite("Dictation host runtime", .serialized)
struct DictationHostRuntimeTests {
  @Test("a term learned from a correction is handed to the engine from the next recording of the same session")
  func learnedTermReachesTheEngine() async throws {
    // NB: the engine is given a term only where its first reading may be it (a term it already wrote needs none).
    let engine = ScriptedEngine(["ask Sioban"])
    let reported = CorrectionsSeen()
    let harness = try HostHarness(engine: engine) { corrections in
      reported.add(corrections)
      return CorrectionResult(vocabulary: ["Siobhan"], summary: "learned 'Siobhan'")
    }
    let microphone = harness.microphone
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })

    let words = [CorrectedWords(heard: "Shivor", corrected: "Siobhan")]
    let edit = InsertionEdit(inserted: "Call Shivor.", edited: "Call Siobhan.", inView: "Call Siobhan.")
    try harness.keyboard.send(.correction, edit: edit)
    #expect(await eventually { harness.keyboard.state?.lastCommandSeq == 1 })
    #expect(await eventually { reported.all == [words] })

    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && microphone.isCapturing })
    microphone.play(toneBursts(1))
    #expect(await microphone.waitUntilTaken())
    try harness.keyboard.send(.stop)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    #expect(engine.vocabularies.contains(["Siobhan"]), "\(engine.vocabularies)")
    await harness.stop()
  }

  @Test("a French field's dictation is read in French when the settings detect the language; a set language wins")
  func fieldLanguage() async throws {
    for setting in [String?.none, "auto", "en"] {
      let engine = ScriptedEngine(["bonjour"])
      var configuration = HostConfiguration(draftInterval: nil)
      configuration.transcription.language = setting
      let harness = try HostHarness(engine: engine, configuration: configuration)
      defer { harness.dir.remove() }
      #expect(await eventually { await harness.host.engineState == .loaded })
      #expect(try await harness.startDictation(context: FieldContext(language: "fr")))
      harness.microphone.play(toneBursts(1))
      #expect(await harness.microphone.waitUntilTaken())
      try harness.keyboard.send(.stop)
      #expect(await eventually { !harness.channel.resultIDs().isEmpty })
      #expect(
        !engine.languages.isEmpty && engine.languages.allSatisfy { $0 == "fr" },
        "\(setting ?? "nil"): \(engine.languages)")
      await harness.stop()
    }
  }

  @Test("finished speech is read while the user speaks; the text equals a whole-recording decode; history first")
  func streamingDictation() async throws {
    let engine = SampleCountEngine()
    let harness = try HostHarness(engine: engine, configuration: HostConfiguration(draftInterval: nil))
    let microphone = harness.microphone
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })

    try harness.keyboard.send(.start, context: FieldContext(textBeforeCursor: "Hi"))
    #expect(await eventually { harness.keyboard.state?.phase == .recording && microphone.isCapturing })
    // Three bursts, the last followed by a pause: they are read before the fourth is spoken.
    microphone.play(toneBursts(3))
    let early = try await wholeRecordingText(toneBursts(3))
    #expect(early.split(separator: " ").count == 3)
    #expect(await eventually { harness.keyboard.state?.liveText?.confirmed == early })
    let readsBeforeFourth = engine.readings.count
    microphone.play(Array(toneBursts(1, gap: 0.1, leadIn: 0)))
    #expect(await microphone.waitUntilTaken())
    #expect((harness.keyboard.state?.audioLevel ?? 0) < 0)

    try harness.keyboard.send(.stop)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    let id = try #require(harness.channel.resultIDs().first)
    let result = try #require(harness.channel.readResult(id: id).value)
    let audio = try #require(harness.archive.audio[id])
    #expect(audio.count >= toneBursts(3).count, "the keyboard dictation's audio goes to history with it, for retry")
    let whole = try await wholeRecordingText(audio)
    #expect(result.rawText == whole, "the same text as a whole-recording decode")
    #expect(result.rawText.split(separator: " ").count == 4)
    #expect(result.rawText.hasPrefix(early + " "), "the stretches read while the user spoke keep their words")
    #expect(engine.readings.count == readsBeforeFourth + 1, "only the fourth stretch was read after them")
    #expect(result.text == " " + result.rawText.prefix(1).uppercased() + result.rawText.dropFirst() + ".")
    #expect(harness.archive.dictations.map(\.finalText) == [result.text])
    #expect(harness.archive.dictations.first?.language == "en", "the engine's language is kept in history")
    #expect(harness.archive.resultsPublishedBeforeHistory.isEmpty)
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    #expect(harness.keyboard.state?.lastResultID == id)
    #expect(harness.keyboard.state?.liveText == nil, "the final text replaces the live text")

    try harness.keyboard.send(.ack, result: id)
    #expect(await eventually { harness.channel.resultIDs().isEmpty })
    #expect(harness.archive.delivered == [id])
    #expect(harness.spool.leftovers().isEmpty)
    await harness.stop()
    #expect(harness.keyboard.state?.phase == .inactive)
  }

  @Test("cancel throws the audio away: no history, no result, no spool")
  func cancelDiscards() async throws {
    let engine = ScriptedEngine(["never"])
    let harness = try HostHarness(engine: engine)
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && harness.microphone.isCapturing })
    harness.microphone.play(toneBursts(2))
    #expect(await harness.microphone.waitUntilTaken())
    try harness.keyboard.send(.cancel)
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    #expect(harness.channel.resultIDs().isEmpty)
    #expect(harness.archive.dictations.isEmpty)
    #expect(harness.spool.leftovers().isEmpty)
    await harness.stop()
  }

  @Test("cancel while the text is written: never published, kept in history as cancelled with its audio")
  func cancelWhileWriting() async throws {
    let finishing = Gate()
    let harness = try HostHarness(engine: ScriptedEngine(["see you at noon"]), finishing: finishing)
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && harness.microphone.isCapturing })
    harness.microphone.play(toneBursts(2))
    #expect(await harness.microphone.waitUntilTaken())
    try harness.keyboard.send(.stop)
    #expect(await eventually { finishing.waiting == 1 }, "the text is being written")
    try harness.keyboard.send(.cancel)
    #expect(await eventually { harness.keyboard.state?.lastCommandSeq == 3 })
    finishing.open()
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    let kept = try #require(harness.archive.dictations.first)
    #expect(kept.status == .cancelled)
    #expect((harness.archive.audio[kept.uuid]?.count ?? 0) > 16_000, "its audio, for Retry")
    #expect(harness.channel.resultIDs().isEmpty, "published to no keyboard")
    #expect(harness.keyboard.state?.lastResultID == nil)
    #expect(harness.archive.delivered.isEmpty)
    #expect(harness.spool.leftovers().isEmpty, "history has it: nothing left to recover")
    await harness.stop()
  }

  @Test("two commands written back to back are both handled, in order (the log is a queue)")
  func commandsWrittenFast() async throws {
    let engine = ScriptedEngine(["never"])
    let harness = try HostHarness(engine: engine)
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start)
    try harness.keyboard.send(.stop)
    // The start was handled (a dictation #1 existed) and then the stop (it ended before any speech).
    #expect(await eventually { harness.keyboard.state?.failure == HostFailure(reason: .nothingHeard, commandSeq: 1) })
    #expect(harness.keyboard.state?.lastCommandSeq == 2)
    #expect(harness.keyboard.state?.phase == .standby)
    await harness.stop()
  }

  @Test("what an engine invents from a noise ('[BLANK_AUDIO]', 'Thank you.' from a cough) is never inserted")
  func inventedTextIsNotInserted() async throws {
    // Whisper reports a cough's "Thank you." with a high no-speech probability.
    let noises: [(String, Double?)] = [("[BLANK_AUDIO]", nil), ("Thank you.", 0.6)]
    for (invented, noSpeech) in noises {
      let engine = ScriptedEngine([invented], noSpeechProbability: noSpeech)
      let harness = try HostHarness(engine: engine)
      let microphone = harness.microphone
      defer { harness.dir.remove() }
      #expect(await eventually { harness.keyboard.state?.phase == .standby })
      try harness.keyboard.send(.start)
      #expect(await eventually { harness.keyboard.state?.phase == .recording && microphone.isCapturing })
      microphone.play(toneBursts(1, burst: 0.3))
      #expect(await eventually { engine.callCount >= 1 }, "the noise reached the engine")
      try harness.keyboard.send(.stop)
      #expect(await eventually { harness.keyboard.state?.failure?.reason == .nothingHeard }, "\(invented)")
      #expect(harness.channel.resultIDs().isEmpty)
      #expect(harness.archive.dictations.isEmpty)
      await harness.stop()
    }
  }

  @Test("a recording that reaches the length cap stops by itself and delivers what was said")
  func recordingCapDelivers() async throws {
    let engine = ScriptedEngine(["first words"])
    let harness = try HostHarness(engine: engine, configuration: HostConfiguration(maxRecordingSeconds: 2))
    let microphone = harness.microphone
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && microphone.isCapturing })
    // 2.8 s of speech and pauses, and no stop from the keyboard: the host stops at 2 s by itself.
    microphone.play(toneBursts(2))
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    let id = try #require(harness.channel.resultIDs().first)
    #expect(harness.channel.readResult(id: id).value?.rawText.hasPrefix("first words") == true)
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    #expect((harness.archive.dictations.first?.audioSeconds ?? 0) <= 2.1, "nothing past the cap is kept")
    await harness.stop()
  }

  @Test("silence produces a 'nothing heard' failure, not an empty insertion")
  func silenceIsNothingHeard() async throws {
    let engine = ScriptedEngine(["ghost"])
    let harness = try HostHarness(engine: engine)
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && harness.microphone.isCapturing })
    harness.microphone.play([Float](repeating: 0, count: 16_000))
    #expect(await harness.microphone.waitUntilTaken())
    try harness.keyboard.send(.stop)
    #expect(await eventually { harness.keyboard.state?.failure?.reason == .nothingHeard })
    #expect(engine.callCount == 0)
    #expect(harness.channel.resultIDs().isEmpty)
    await harness.stop()
  }

  @Test("a failing engine: the failure and its cause reach the keyboard; history keeps the audio, marked failed")
  func engineFailureKeepsAudio() async throws {
    let engine = ScriptedEngine([], failing: true)
    let harness = try HostHarness(engine: engine)
    let microphone = harness.microphone
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && microphone.isCapturing })
    microphone.play(toneBursts(1))
    #expect(await microphone.waitUntilTaken())
    try harness.keyboard.send(.stop)
    #expect(await eventually { harness.keyboard.state?.failure?.reason == .transcriptionFailed })
    let cause = try #require(harness.keyboard.state?.failure?.cause)
    let kept = try #require(harness.archive.dictations.last)
    #expect(kept.status == .failed && kept.errorMessage == cause)
    #expect(kept.audioSeconds > 0.5, "its audio, for retry")
    #expect(harness.spool.leftovers().isEmpty, "history has it: nothing left to recover")

    // Where history keeps no audio, the keyboard promises none.
    harness.archive.keepAudio(false)
    try harness.keyboard.send(.start)
    #expect(await eventually { harness.keyboard.state?.phase == .recording && microphone.isCapturing })
    microphone.play(toneBursts(1))
    #expect(await microphone.waitUntilTaken())
    try harness.keyboard.send(.stop)
    #expect(await eventually { harness.keyboard.state?.failure?.reason == .transcriptionFailedNotKept })
    #expect(
      DictationFailure.transcriptionFailedNotKept.message(cause: "HTTP 500")
        == "Couldn't transcribe that: HTTP 500. Try again.")
    await harness.stop()
  }
}

@Suite("Dictation host runtime: the shared folder")
struct DictationHostFolderTests {
  @Test("a shared folder deleted under the app is made again at the next heartbeat")
  func deletedFolderIsRecreated() async throws {
    let harness = try HostHarness(engine: ScriptedEngine(["x"]))
    defer { harness.dir.remove() }
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    try FileManager.default.removeItem(at: harness.dir.path("container"))
    #expect(harness.keyboard.state == nil)
    // The heartbeat sleeps on the test clock: it fires when the test moves time on.
    #expect(await eventually { harness.clock.sleeperCount > 0 })
    harness.clock.advance(by: 1.5)
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    await harness.stop()
  }
}

/// The corrections a host passed on, in order.
final class CorrectionsSeen: @unchecked Sendable {
  private let lock = NSLock()
  private var seen: [[CorrectedWords]] = []

  func add(_ corrections: [CorrectedWords]) { lock.withLock { seen.append(corrections) } }
  var all: [[CorrectedWords]] { lock.withLock { seen } }
}
