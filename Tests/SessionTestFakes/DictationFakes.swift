import AudioInput
import Dictation
import DictationValues
import Foundation
import LLMPolish
import SpeechEngine
import Storage
import TestSupport

/// An LLM that records each request and answers with `reply(userText)`.
public final class RecordingProvider: LLMProvider, @unchecked Sendable {
  public let id = "recording"
  public let displayName = "Recording"
  public let model = "test"
  private let lock = NSLock()
  private var seen: [LLMRequest] = []
  private let reply: @Sendable (String) -> String

  public init(reply: @escaping @Sendable (String) -> String = { $0 }) {
    self.reply = reply
  }

  public var requests: [LLMRequest] { lock.withLock { seen } }

  public func complete(_ request: LLMRequest) async throws -> LLMResponse {
    lock.withLock { seen.append(request) }
    let dictated = request.user.replacingOccurrences(of: "<dictation>", with: "")
      .replacingOccurrences(of: "</dictation>", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
    return LLMResponse(text: reply(dictated), model: model, provider: id)
  }
}

/// A store in a temporary folder.
public struct TemporaryStore: Sendable {
  public let folder: TemporaryDirectory
  public let database: AppDatabase

  public init() throws {
    folder = try TemporaryDirectory("utter-dictation")
    database = try AppDatabase.open(at: folder.url).0
  }

  public func remove() { folder.remove() }
}

/// A pipeline over a store and a scripted engine, and speech to give it.
public enum TestPipeline {
  /// A second of espeak-ng speech, 16 kHz.
  public static func speech(in folder: TemporaryDirectory) throws -> [Float] {
    let url = folder.path("speech.wav")
    try SyntheticSpeech.synthesize("meet me at the harbour", to: url)
    return try AudioFileDecoder.decode(contentsOf: url).samples
  }

  public static func pipeline(_ engine: ScriptedEngine, store: TemporaryStore, origin: DictationOrigin = .app)
    -> DictationPipeline
  {
    let settings = DictationSettings.load(from: store.database)
    return DictationPipeline(
      engines: .only(engine),
      formatter: DictationFormatter(
        settings: settings,
        providers: PolishProviders { id, _, _ in
          throw SpeechEngineError("no provider \(id) in tests")
        }),
      archive: HistoryArchive(database: store.database, origin: origin))
  }
}
