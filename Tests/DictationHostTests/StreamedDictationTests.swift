import DictationHost
import DictationValues
import Foundation
import SessionChannel
import SessionTestFakes
import SpeechEngine
import SpeechReading
import TestSupport
import Testing

/// A server that reads while the user speaks, played in memory: its live text names the samples received so far, its
/// final text the samples received in all, and files are read by the sample-count engine.
final class FakeServerEngine: StreamingSpeechEngine, @unchecked Sendable {
  enum Fault { case none, notOffered, breaksAfter(samples: Int), neverFinishes }

  let id = "own-server"
  let model = "test"
  let files = SampleCountEngine()
  let fault: Fault
  private let lock = NSLock()
  private var streams: [FakeStream] = []

  init(_ fault: Fault = .none) { self.fault = fault }

  /// Streams opened so far.
  var opened: [FakeStream] { lock.withLock { streams } }

  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    try await files.transcribe(samples, options: options)
  }

  func openStream(options: TranscriptionOptions) async throws -> any SpeechStream {
    if case .notOffered = fault { throw SpeechEngineError("the server offers no live dictation") }
    let stream = FakeStream(fault: fault)
    lock.withLock { streams.append(stream) }
    return stream
  }

  static func liveText(afterSamples count: Int) -> String { "streamed\(count)" }
  static func finalText(samples count: Int) -> String { "server heard \(count) samples" }
}

final class FakeStream: SpeechStream, @unchecked Sendable {
  let updates: AsyncStream<LiveText>
  private let sink: AsyncStream<LiveText>.Continuation
  private let fault: FakeServerEngine.Fault
  private let lock = NSLock()
  private var samples: [Float] = []
  private var cancelled = false
  private var finishWaiter: CheckedContinuation<Void, Never>?

  init(fault: FakeServerEngine.Fault) {
    self.fault = fault
    (updates, sink) = AsyncStream.makeStream()
  }

  /// The audio the host sent, in order.
  var received: [Float] { lock.withLock { samples } }
  var isWaitingForFinish: Bool { lock.withLock { finishWaiter != nil } }
  var wasCancelled: Bool { lock.withLock { cancelled } }

  func send(_ chunk: [Float]) async throws {
    let count = try lock.withLock {
      if case .breaksAfter(let limit) = fault, samples.count + chunk.count > limit {
        throw SpeechEngineError("connection reset")
      }
      samples.append(contentsOf: chunk)
      return samples.count
    }
    sink.yield(LiveText(confirmed: FakeServerEngine.liveText(afterSamples: count), volatile: ""))
  }

  func finish() async throws -> Transcript {
    if case .neverFinishes = fault {
      await withCheckedContinuation { continuation in
        let resume = lock.withLock { () -> Bool in
          if cancelled { return true }
          finishWaiter = continuation
          return false
        }
        if resume { continuation.resume() }
      }
      throw SpeechEngineError("cancelled")
    }
    sink.finish()
    return Transcript(
      text: FakeServerEngine.finalText(samples: received.count), segments: [], language: "en", engine: "own-server",
      model: "test")
  }

  func cancel() async {
    let waiter = lock.withLock { () -> CheckedContinuation<Void, Never>? in
      cancelled = true
      defer { finishWaiter = nil }
      return finishWaiter
    }
    sink.finish()
    waiter?.resume()
  }
}

@Suite("A dictation streamed to the user's own server", .serialized)
struct StreamedDictationTests {
  /// A host dictating to a well-behaved server, once a burst of speech has reached it.
  static func streamingOneBurst() async throws -> (FakeServerEngine, HostHarness) {
    let engine = FakeServerEngine()
    let harness = try HostHarness(engine: engine)
    #expect(try await harness.startDictation())
    harness.microphone.play(toneBursts(1))
    #expect(await eventually { engine.opened.first?.received.isEmpty == false })
    return (engine, harness)
  }

  @Test("the audio goes to the server as it is recorded, its words show while the user speaks, and its text is final")
  func streamedEndToEnd() async throws {
    let engine = FakeServerEngine()
    let harness = try HostHarness(engine: engine)
    defer { harness.dir.remove() }
    let microphone = harness.microphone
    #expect(try await harness.startDictation())
    let first = toneBursts(1)
    microphone.play(first)
    // The live text the keyboard shows is the server's, and it follows the audio.
    #expect(
      await eventually {
        harness.keyboard.state?.liveText?.confirmed == FakeServerEngine.liveText(afterSamples: first.count)
      })
    microphone.play(toneBursts(1, leadIn: 0))
    #expect(await microphone.waitUntilTaken())
    try harness.keyboard.send(.stop)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })

    let id = try #require(harness.channel.resultIDs().first)
    let audio = try #require(harness.archive.audio[id])
    let stream = try #require(engine.opened.first)
    #expect(engine.opened.count == 1)
    #expect(stream.received == audio, "every sample recorded went to the server once, in order")
    #expect(harness.channel.readResult(id: id).value?.rawText == FakeServerEngine.finalText(samples: audio.count))
    #expect(engine.files.callCount == 0, "nothing was read on the phone's side")
    await harness.stop()
  }

  @Test("a stream that breaks off mid-dictation loses nothing: the whole recording is read instead, revisions go on")
  func brokenStreamFallsBackToTheRecording() async throws {
    let engine = FakeServerEngine(.breaksAfter(samples: 30_000))
    let harness = try HostHarness(engine: engine, configuration: HostConfiguration(draftInterval: nil))
    defer { harness.dir.remove() }
    let microphone = harness.microphone
    let seen = LiveTextLog()
    let published = harness.notifier.posts()
    let watching = Task.detached {
      for await name in published where name == ChannelFile.state { seen.note(harness.keyboard.state) }
    }
    defer { watching.cancel() }
    #expect(try await harness.startDictation())
    // The first burst reaches the server and its words show; the stream breaks during the second.
    let first = toneBursts(1)
    microphone.play(first)
    #expect(
      await eventually {
        harness.keyboard.state?.liveText?.confirmed == FakeServerEngine.liveText(afterSamples: first.count)
      })
    let second = toneBursts(1, leadIn: 0)
    microphone.play(second)
    #expect(await microphone.waitUntilTaken())
    let audio = first + second
    let expected = try await wholeRecordingText(audio)
    #expect(await eventually { harness.keyboard.state?.liveText?.confirmed == expected })
    try harness.keyboard.send(.stop)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })

    let id = try #require(harness.channel.resultIDs().first)
    #expect(harness.channel.readResult(id: id).value?.rawText == expected)
    #expect(try #require(harness.archive.audio[id]) == audio)
    let revisions = seen.entries.map(\.revision)
    #expect(seen.entries.first?.confirmed.hasPrefix("streamed") == true, "the server's words showed first")
    #expect(seen.entries.last?.confirmed == expected)
    #expect(revisions == revisions.sorted() && Set(revisions).count == revisions.count, "\(revisions)")
    await harness.stop()
  }

  @Test("a server with no live dictation: the phone reads the recording itself, while the user speaks")
  func serverWithoutStreaming() async throws {
    let engine = FakeServerEngine(.notOffered)
    let harness = try HostHarness(engine: engine, configuration: HostConfiguration(draftInterval: nil))
    defer { harness.dir.remove() }
    #expect(try await harness.startDictation())
    let audio = toneBursts(2)
    harness.microphone.play(audio)
    let expected = try await wholeRecordingText(audio)
    #expect(await eventually { harness.keyboard.state?.liveText?.confirmed == expected })
    try harness.keyboard.send(.stop)
    #expect(await eventually { !harness.channel.resultIDs().isEmpty })
    let id = try #require(harness.channel.resultIDs().first)
    #expect(harness.channel.readResult(id: id).value?.rawText == expected)
    #expect(engine.opened.isEmpty)
    await harness.stop()
  }

  @Test("a server that never sends the final text: after 30 s (the test's clock) the recording is read instead")
  func silentServerTimesOut() async throws {
    let engine = FakeServerEngine(.neverFinishes)
    let harness = try HostHarness(engine: engine)
    defer { harness.dir.remove() }
    #expect(try await harness.startDictation())
    let audio = toneBursts(1)
    harness.microphone.play(audio)
    #expect(await eventually { harness.keyboard.state?.liveText?.confirmed.hasPrefix("streamed") == true })
    #expect(await harness.microphone.waitUntilTaken())
    try harness.keyboard.send(.stop)
    let stream = try #require(engine.opened.first)
    #expect(await eventually { stream.isWaitingForFinish })
    // Nothing is delivered while the server keeps the final text; 30 s later (the timer may start a moment after the
    // host begins waiting, hence a few steps) the recording is read.
    #expect(harness.channel.resultIDs().isEmpty)
    var waited = 0.0
    while harness.channel.resultIDs().isEmpty, waited < 90 {
      harness.clock.advance(by: 30)
      waited += 30
      _ = await eventually(timeout: 1) { !harness.channel.resultIDs().isEmpty }
    }
    #expect(waited >= 30)
    let id = try #require(harness.channel.resultIDs().first)
    #expect(harness.channel.readResult(id: id).value?.rawText == (try await wholeRecordingText(audio)))
    #expect(try #require(engine.opened.first).wasCancelled)
    await harness.stop()
  }

  @Test("a session ended mid-dictation closes its stream; the audio stays in the spool for the next start")
  func sessionEndClosesTheStream() async throws {
    let (engine, harness) = try await Self.streamingOneBurst()
    defer { harness.dir.remove() }
    await harness.stop()
    #expect(await eventually { engine.opened.first?.wasCancelled == true })
    #expect(harness.spool.leftovers().count == 1)
  }

  @Test("a cancelled dictation closes its stream and delivers nothing")
  func cancelClosesTheStream() async throws {
    let (engine, harness) = try await Self.streamingOneBurst()
    defer { harness.dir.remove() }
    try harness.keyboard.send(.cancel)
    #expect(await eventually { engine.opened.first?.wasCancelled == true })
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    #expect(harness.channel.resultIDs().isEmpty)
    await harness.stop()
  }
}
