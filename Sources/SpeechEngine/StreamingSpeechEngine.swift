import DictationValues

/// An engine that reads a dictation while it is being recorded, somewhere else (the user's own `utter serve`): the
/// audio goes to it as it is captured and the live text comes back. `transcribe` still reads whole recordings (files,
/// recovery, and a dictation whose stream broke off).
public protocol StreamingSpeechEngine: SpeechEngine {
  /// Opens a stream for one dictation; throws when this engine cannot stream now (the server offers no live
  /// dictation, or cannot be reached). The caller then reads the recording the way `transcribe` does.
  func openStream(options: TranscriptionOptions) async throws -> any SpeechStream
}

/// One dictation streamed to an engine.
public protocol SpeechStream: Sendable {
  /// Each revision of the live text, until the stream ends.
  var updates: AsyncStream<LiveText> { get }
  /// Sends captured audio (16 kHz mono, -1...1), in order.
  func send(_ samples: [Float]) async throws
  /// Says the user is done and waits for the engine's words for the whole recording.
  func finish() async throws -> Transcript
  /// Gives up: `finish` (if waiting) throws and the connection closes.
  func cancel() async
}
