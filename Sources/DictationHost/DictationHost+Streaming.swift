import DictationValues
import Foundation
import SessionChannel
import SpeechEngine
import SpeechReading

/// A dictation streamed to an engine that reads while it is recorded (`StreamingSpeechEngine`: the user's own
/// server): where the stream is, and what of the recording went to it.
struct HostStream: Sendable {
  enum Phase: Sendable {
    /// The stream is being opened; the audio waits in the recording.
    case opening
    /// The audio goes to the stream as it is captured, and its live text is published.
    case open
    /// The stream could not open or broke off: the host reads the recording itself (`LiveReading`), from the start.
    case failed
  }

  var phase = Phase.opening
  var stream: (any SpeechStream)?
  /// Audio for the stream, sent in order by `pump`.
  var audio: AsyncStream<[Float]>.Continuation?
  /// Sends `audio`; true when all of it was sent.
  var pump: Task<Bool, Never>?
  /// Publishes the stream's live text.
  var listener: Task<Void, Never>?
  /// Samples of the recording handed to `audio`.
  var forwarded = 0
  /// Revisions of the live text the stream published (the host's own reading, should it take over, counts on).
  var revision = 0
}

extension DictationHost {
  /// Streams the recording when the engine reads while it is recorded: opens the stream on the first call, then hands
  /// it the audio captured since. False when this recording is read by the host (the engine does not stream, or the
  /// stream failed).
  func advanceStream(engine: any SpeechEngine) -> Bool {
    guard var recording, let streaming = engine as? any StreamingSpeechEngine else { return false }
    switch recording.stream?.phase {
    case nil:
      recording.stream = HostStream()
      self.recording = recording
      openStream(streaming, for: recording.dictation)
      return true
    case .opening:
      return true
    case .open:
      forwardAudio()
      return true
    case .failed:
      return false
    }
  }

  private func openStream(_ engine: any StreamingSpeechEngine, for dictation: ActiveDictation) {
    let options = options(for: dictation.context, on: engine)
    let id = dictation.id
    Task { [weak self] in
      do {
        let stream = try await engine.openStream(options: options)
        guard let self else { return await stream.cancel() }
        await self.streamOpened(stream, dictationID: id)
      } catch {
        await self?.streamFailed("\(error)", dictationID: id)
      }
    }
  }

  private func streamOpened(_ stream: any SpeechStream, dictationID: String) async {
    guard var recording, recording.dictation.id == dictationID, !recording.stopRequested,
      var state = recording.stream, case .opening = state.phase
    else {
      // NB: the dictation ended (or stopped) while the stream opened: its recording is read as a whole.
      await stream.cancel()
      return
    }
    let (audio, sink) = AsyncStream.makeStream(of: [Float].self)
    state.phase = .open
    state.stream = stream
    state.audio = sink
    state.pump = Task { [weak self] in
      for await chunk in audio {
        do { try await stream.send(chunk) } catch {
          await self?.streamFailed("\(error)", dictationID: dictationID)
          return false
        }
      }
      return true
    }
    state.listener = Task { [weak self] in
      for await text in stream.updates { await self?.streamUpdated(text, dictationID: dictationID) }
    }
    recording.stream = state
    self.recording = recording
    logger.info("streaming dictation \(dictationID) to the engine's server")
    forwardAudio()
  }

  /// Hands the stream the audio captured since the last call.
  private func forwardAudio() {
    guard var recording, var state = recording.stream, case .open = state.phase, let sink = state.audio,
      state.forwarded < recording.samples.count
    else { return }
    sink.yield(Array(recording.samples[state.forwarded...]))
    state.forwarded = recording.samples.count
    recording.stream = state
    self.recording = recording
  }

  private func streamUpdated(_ text: LiveText, dictationID: String) {
    guard var recording, recording.dictation.id == dictationID, !recording.stopRequested,
      var state = recording.stream, case .open = state.phase
    else { return }
    state.revision += 1
    recording.stream = state
    self.recording = recording
    let raw = LiveText(
      confirmed: LiveText.bounded(text.confirmed), volatile: LiveText.bounded(text.volatile), revision: state.revision)
    logger.trace("live (server): revision \(raw.revision): \(raw.confirmed) | \(raw.volatile)")
    show(raw, for: recording.dictation.context)
  }

  /// The stream could not open or broke off: the host reads the recording itself from now on (all of it is kept).
  private func streamFailed(_ reason: String, dictationID: String) {
    guard var recording, recording.dictation.id == dictationID, var state = recording.stream else { return }
    if case .failed = state.phase { return }
    state.phase = .failed
    cancelStream(state)
    recording.stream = state
    self.recording = recording
    logger.notice("dictation \(dictationID) is not streamed to the server (\(reason)); reading the recording instead")
    scheduleLiveWork()
  }

  /// At stop: sends the rest of the audio, says the user is done and waits (at most `streamFinalTimeout` seconds)
  /// for the engine's words. Nil when the dictation was not streamed or the stream failed: the recording is then
  /// read as a whole.
  func finishStream(_ state: HostStream?, samples: [Float], dictationID: String) async -> Transcript? {
    guard let state, case .open = state.phase, let stream = state.stream, let sink = state.audio,
      let pump = state.pump
    else {
      if let stream = state?.stream { await stream.cancel() }
      return nil
    }
    if state.forwarded < samples.count { sink.yield(Array(samples[state.forwarded...])) }
    sink.finish()
    state.listener?.cancel()
    let clock = clock
    let timeout = configuration.streamFinalTimeout
    // NB: a server that stops answering must not hold the words hostage; cancelling makes `finish` throw.
    let timer = Task {
      try await clock.sleep(timeout)
      await stream.cancel()
    }
    defer { timer.cancel() }
    guard await pump.value else {
      logger.notice("the server stopped taking the audio of dictation \(dictationID); reading the recording instead")
      return nil
    }
    do {
      return try await stream.finish()
    } catch {
      logger.notice(
        "the server's words for dictation \(dictationID) did not come (\(error)); reading the recording instead")
      return nil
    }
  }

  /// Closes a stream: its dictation was cancelled or ended, or the stream failed.
  func cancelStream(_ state: HostStream?) {
    state?.audio?.finish()
    state?.listener?.cancel()
    if let stream = state?.stream { Task { await stream.cancel() } }
  }
}
