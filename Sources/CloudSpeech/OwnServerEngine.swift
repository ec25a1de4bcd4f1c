import DictationValues
import Foundation
import HTTPTransport
import RemoteDictation
import SpeechEngine

/// The user's own server (`utter serve`, or any OpenAI-compatible speech server): recordings are read over HTTP like
/// any cloud engine's, and a dictation is streamed over the server's live WebSocket when it offers one, so the words
/// come back while the user speaks.
///
/// The stream asks for the engine's words as they are (`cleanup=false`): the phone cleans them up with its own
/// dictionary and style, as it does every engine's. A server that answers the WebSocket with 404 is remembered as
/// offering none, and is not asked again until the engine is made again.
public struct OwnServerEngine: StreamingSpeechEngine {
  /// Reads whole recordings (`POST /v1/audio/transcriptions`).
  public let files: any SpeechEngine
  public let server: RemoteServer
  let sockets: any LiveSocketTransport
  let http: any HTTPClient
  let offer = LiveOffer()

  public init(files: any SpeechEngine, server: RemoteServer, sockets: any LiveSocketTransport, http: any HTTPClient) {
    self.files = files
    self.server = server
    self.sockets = sockets
    self.http = http
  }

  public var id: String { files.id }
  public var model: String { files.model }
  public var windowing: VoicedTranscription.Windowing { files.windowing }
  public var readableLanguages: Set<String>? { files.readableLanguages }

  public func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    try await files.transcribe(samples, options: options)
  }

  public func openStream(options: TranscriptionOptions) async throws -> any SpeechStream {
    guard await offer.offered else {
      throw RemoteDictationError(.notOffered, "\(server.baseURL) offers no live dictation")
    }
    do {
      let dictation = try await LiveDictation.open(
        server, language: options.language, prompt: options.combinedPrompt, raw: true, transport: sockets, http: http)
      return LiveSpeechStream(dictation: dictation, engine: id, model: model, language: options.language)
    } catch let error as RemoteDictationError {
      if error.kind == .notOffered { await offer.notOffered() }
      throw error
    }
  }
}

/// Whether the server offers live dictation, as far as is known.
actor LiveOffer {
  private(set) var offered = true
  func notOffered() { offered = false }
}

/// A `LiveDictation` as a speech stream: its live messages as live text, its final message as the transcript.
struct LiveSpeechStream: SpeechStream {
  let dictation: LiveDictation
  let engine: String
  let model: String
  let language: String?
  let updates: AsyncStream<LiveText>

  init(dictation: LiveDictation, engine: String, model: String, language: String?) {
    self.dictation = dictation
    self.engine = engine
    self.model = model
    self.language = language
    let messages = dictation.updates
    updates = AsyncStream { continuation in
      let forward = Task {
        for await message in messages {
          if let text = message.liveText { continuation.yield(text) }
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in forward.cancel() }
    }
  }

  func send(_ samples: [Float]) async throws {
    try await dictation.send(samples)
  }

  func finish() async throws -> Transcript {
    let final = try await dictation.finish()
    let text = final.rawText ?? final.text ?? ""
    let seconds = final.duration ?? 0
    let segments =
      text.isEmpty ? [] : [TranscriptSegment(text: text, start: 0, end: seconds, confidence: 1)]
    return Transcript(
      text: text, segments: segments, language: final.language ?? language, engine: engine, model: model)
  }

  func cancel() async {
    await dictation.cancel()
  }
}
