import AudioInput
import Dictation
import Foundation
import SpeechEngine

/// One Realtime transcription session, apart from its WebSocket: client events in (`receive`), server events out
/// (`events`, each a JSON text frame). Its audio buffer is the item being spoken: a `LiveConnection` read as the
/// live dictation reads (its confirmed words sent as deltas), finished at commit into the cleaned-up text an upload
/// of the same audio gets (`completed`). With turn detection on, the reading's voice activity says when speech starts
/// and when it has been quiet long enough to commit the item by itself. Items are finished one after the other, in
/// the order they were committed, while the next one is spoken.
actor RealtimeTranscription {
  /// How a session reads its items.
  struct Reading: Sendable {
    /// A new item's reading with these settings, or why they cannot be used (an `APIError` naming the model).
    var open: @Sendable (RealtimeSettings) throws -> (connection: LiveConnection, model: String)
    /// The item's final text (within the server's request timeout).
    var finish: @Sendable (LiveConnection) async throws -> DictationOutcome
    /// An item longer than this is committed by itself.
    var maxItemSeconds: Double
  }

  /// An item being spoken: its reading and the task that turns its confirmed text into deltas.
  private struct Item: Sendable {
    let id: String
    let connection: LiveConnection
    /// Where the item starts in the session's audio (16 kHz samples).
    let start: Int
    let deltas: Task<StreamedText, Never>
    var speaking = false
  }

  /// The server's events, in order, as text frames.
  nonisolated let events: AsyncStream<String>
  private let sink: AsyncStream<String>.Continuation
  private let reading: Reading
  private var settings: RealtimeSettings
  private var current: Item?
  private var converter = StreamingConverter(sourceSampleRate: 24_000, channels: 1)
  /// A byte of a sample split between two appends.
  private var oddByte: UInt8?
  /// The session's audio so far, in 16 kHz samples.
  private var samples = 0
  private var lastItem: String?
  private var finishing: Task<Void, Never>?
  private var eventCount = 0
  private var itemCount = 0

  /// A session with `settings` (its id, and the model the connection named), reading with `reading`; `beta` when
  /// the client speaks the beta protocol (`OpenAI-Beta: realtime=v1`), which names the session's events
  /// `transcription_session.*`.
  init(settings: RealtimeSettings, beta: Bool, reading: Reading) throws {
    self.reading = reading
    var settings = settings
    settings.servedModel = try reading.open(settings).model
    self.settings = settings
    (events, sink) = AsyncStream.makeStream()
    eventCount += 1
    sink.yield(RealtimeServerEvent.created(settings, beta: beta).json(eventID: "event_\(eventCount)"))
  }

  /// Seconds of audio received.
  var seconds: Double { Double(samples) / Double(engineSampleRate) }

  /// Takes one client text frame; a frame that cannot be used is answered with an `error` event.
  func receive(_ text: String) async {
    switch RealtimeClientEvent.parse(text, settings: settings) {
    case .failure(let error): send(.error(error))
    case .success((let event, let eventID)):
      do {
        try await handle(event)
      } catch {
        var error = error
        error.eventID = eventID
        send(.error(error))
      }
    }
  }

  /// The client left: the item being spoken and the items being read are dropped.
  func abandon() async {
    if let item = current { await item.connection.abandon() }
    current = nil
    finishing?.cancel()
    sink.finish()
  }

  /// The server stops: the items committed are finished (their text sent), the one being spoken is dropped.
  func finishCommitted() async {
    if let item = current { await item.connection.abandon() }
    current = nil
    await finishing?.value
    sink.finish()
  }

  /// Sends an event (an error the WebSocket found, such as a binary frame).
  func send(_ event: RealtimeServerEvent) {
    eventCount += 1
    sink.yield(event.json(eventID: "event_\(eventCount)"))
  }

  private func handle(_ event: RealtimeClientEvent) async throws(RealtimeError) {
    switch event {
    case .update(var updated, let beta):
      // NB: the new settings read the next item; opening a reading with them checks that they can.
      do {
        updated.servedModel = try reading.open(updated).model
      } catch let error as APIError {
        throw RealtimeError(
          error, param: beta ? "session.input_audio_transcription.model" : "session.audio.input.transcription.model")
      } catch {
        throw RealtimeError("\(error)", code: "invalid_value", param: "session")
      }
      settings = updated
      send(.updated(updated, beta: beta))
    case .append(let bytes):
      let audio = pcm(bytes)
      guard !audio.isEmpty else { return }
      try await append(converter.process(audio))
    case .commit:
      guard let item = current, await item.connection.seconds >= 0.1 else {
        let ms = await current?.connection.seconds ?? 0
        throw RealtimeError(
          "Error committing input audio buffer: buffer too small. Expected at least 100ms of audio, but buffer only has \(String(format: "%.2f", ms * 1000))ms of audio.",
          code: "input_audio_buffer_commit_empty")
      }
      await commit(item)
    case .clear:
      if let item = current { await item.connection.abandon() }
      current = nil
      converter = StreamingConverter(sourceSampleRate: 24_000, channels: 1)
      oddByte = nil
      send(.cleared)
    }
  }

  /// 16-bit little-endian samples as floats, a split sample kept for the next append.
  private func pcm(_ bytes: Data) -> [Float] {
    var data = oddByte.map { Data([$0]) + bytes } ?? bytes
    oddByte = data.count % 2 == 1 ? data.removeLast() : nil
    return data.withUnsafeBytes { raw in
      stride(from: 0, to: raw.count, by: 2).map { offset in
        Float(Int16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int16.self))) / 32_768
      }
    }
  }

  /// Adds 16 kHz audio to the item being spoken (opening one), then looks for a turn's start and end.
  private func append(_ audio: [Float]) async throws(RealtimeError) {
    guard !audio.isEmpty else { return }
    var item: Item
    if let current { item = current } else { item = try open() }
    await item.connection.append(audio)
    samples += audio.count
    let itemSeconds = await item.connection.seconds
    defer { if current?.id == item.id { current = item } }
    if let detection = settings.turnDetection {
      let timing = await item.connection.speechTiming
      let ms = { (seconds: Double) in Int((Double(item.start) / Double(engineSampleRate) + seconds) * 1000) }
      if !item.speaking, timing.speech > 0 {
        item.speaking = true
        send(.speechStarted(item: item.id, ms: ms(max(0, itemSeconds - timing.quiet - timing.speech))))
      }
      if item.speaking, timing.quiet * 1000 >= Double(detection.silenceMS) {
        send(.speechStopped(item: item.id, ms: ms(itemSeconds)))
        return await commit(item)
      }
    }
    if itemSeconds > reading.maxItemSeconds {
      if item.speaking { send(.speechStopped(item: item.id, ms: Int(seconds * 1000))) }
      await commit(item)
    }
  }

  private func open() throws(RealtimeError) -> Item {
    let connection: LiveConnection
    do {
      connection = try reading.open(settings).connection
    } catch {
      throw RealtimeError("The model cannot read: \(error)", code: "model_not_found", type: "server_error")
    }
    itemCount += 1
    let id = String(format: "item_%03d", itemCount)
    let deltas = Task { [weak self] in
      var text = StreamedText()
      for await message in connection.messages {
        guard let live = message.liveText, let delta = text.delta(confirmed: live.confirmed) else { continue }
        await self?.send(.delta(item: id, text: delta))
      }
      return text
    }
    let item = Item(id: id, connection: connection, start: samples, deltas: deltas)
    current = item
    return item
  }

  /// Commits `item`: `committed` now, its transcription read after the items committed before it.
  private func commit(_ item: Item) async {
    let tail = converter.finish()
    if !tail.isEmpty {
      await item.connection.append(tail)
      samples += tail.count
    }
    current = nil
    send(.committed(item: item.id, previous: lastItem))
    lastItem = item.id
    let before = finishing
    let finish = reading.finish
    finishing = Task { [weak self] in
      // NB: cancelling the last item's reading (the client left) cancels the readings it waits for too.
      await withTaskCancellationHandler {
        await before?.value
      } onCancel: {
        before?.cancel()
      }
      let outcome: Result<DictationOutcome, any Error>
      do {
        outcome = .success(try await finish(item.connection))
        await item.connection.close()
      } catch {
        outcome = .failure(error)
        await item.connection.abandon()
      }
      await self?.completed(item.id, outcome, text: await item.deltas.value)
    }
  }

  private func completed(_ item: String, _ outcome: Result<DictationOutcome, any Error>, text: StreamedText) {
    var text = text
    switch outcome {
    case .success(let outcome):
      let final = outcome.text.trimmingCharacters(in: .whitespacesAndNewlines)
      if let delta = text.closing(final: final) { send(.delta(item: item, text: delta)) }
      send(.completed(item: item, transcript: final, seconds: outcome.audioSeconds))
    case .failure(let error):
      let message = (error as? APIError)?.message ?? "The audio could not be read: \(error)"
      send(.failed(item: item, RealtimeError(message, code: "transcription_failed", type: "server_error")))
    }
  }
}
