import Foundation
import LLMPolish
import Storage
import TestSupport

/// An LLM that records each request and answers with `reply(userText)`.
final class RecordingProvider: LLMProvider, @unchecked Sendable {
  let id = "recording"
  let displayName = "Recording"
  let model = "test"
  private let lock = NSLock()
  private var seen: [LLMRequest] = []
  private let reply: @Sendable (String) -> String

  init(reply: @escaping @Sendable (String) -> String = { $0 }) {
    self.reply = reply
  }

  var requests: [LLMRequest] { lock.withLock { seen } }

  func complete(_ request: LLMRequest) async throws -> LLMResponse {
    lock.withLock { seen.append(request) }
    let dictated = request.user.replacingOccurrences(of: "<dictation>", with: "")
      .replacingOccurrences(of: "</dictation>", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
    return LLMResponse(text: reply(dictated), model: model, provider: id)
  }
}

/// A store in a temporary folder.
struct TemporaryStore {
  let folder: TemporaryDirectory
  let database: AppDatabase

  init() throws {
    folder = try TemporaryDirectory("utter-dictation")
    database = try AppDatabase.open(at: folder.url).0
  }

  func remove() { folder.remove() }
}
