import Foundation
import TestSupport
import Testing

/// A fake OpenAI-compatible server in its own process, answering every chat request with `reply`.
final class FakeLLMServer {
  let process = Process()
  let port: Int
  let replyFile: URL

  init(reply: String, in dir: TemporaryDirectory, name: String = "reply") async throws {
    replyFile = dir.path("\(name).txt")
    try reply.write(to: replyFile, atomically: true, encoding: .utf8)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", PackagePaths.file("Tests/UtterCLITests/Fixtures/fake_llm_server.py").path, replyFile.path,
    ]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    // NB: the port comes through a file; reading a pipe's availableData can block on Linux.
    let portFile = replyFile.appendingPathExtension("port")
    let process = process
    func writtenPort() -> Int { Int((try? String(contentsOf: portFile, encoding: .utf8)) ?? "") ?? 0 }
    // Waits for the server to write its port (or to die, which leaves the port 0 and fails the test's requests).
    _ = await eventually(timeout: 20) { writtenPort() != 0 || !process.isRunning }
    port = writtenPort()
  }

  var baseURL: String { "http://127.0.0.1:\(port)/v1" }
  /// Lets a held reply ("HOLD …") go.
  func release() throws { try Data().write(to: replyFile.appendingPathExtension("release")) }
  var requests: String {
    (try? String(contentsOf: replyFile.appendingPathExtension("requests"), encoding: .utf8)) ?? ""
  }

  func stop() {
    // NB: SIGKILL, not terminate(): the child inherits the test process's blocked signals, SIGTERM included.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}

@Suite("utter transcribe with LLM polish", .serialized)
struct TranscribePolishTests {
  func transcribe(polishedBy server: FakeLLMServer, home: TemporaryDirectory) async throws -> [String: Any] {
    let result = try await UtterBinary.run([
      "transcribe", "--data-dir", home.url.path, "--json", "--polish", "openai-compatible",
      "--polish-base-url", server.baseURL, PackagePaths.file("Samples/demo.wav").path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  @Test("a faithful rewrite from the model is used, and the deterministic text went to the model")
  func faithfulPolish() async throws {
    guard engineAvailable() else { return }
    let home = try TemporaryDirectory("utter-polish")
    defer { home.remove() }
    let server = try await FakeLLMServer(
      reply: "So I think we should meet on Wednesday at 10. Can you bring the quarterly report?", in: home)
    defer { server.stop() }
    let json = try await transcribe(polishedBy: server, home: home)
    #expect(
      json["text"] as? String == "So I think we should meet on Wednesday at 10. Can you bring the quarterly report?")
    let polish = try #require(json["polish"] as? [String: Any])
    #expect(polish["usedLLM"] as? Bool == true)
    #expect(server.requests.contains("quarterly report"))
    #expect(!server.requests.lowercased().contains("question mark"), "spoken punctuation is resolved before polish")
  }

  @Test("a model that answers instead of cleaning up is overruled: the deterministic text is kept with the reason")
  func answeringModelRejected() async throws {
    guard engineAvailable() else { return }
    let home = try TemporaryDirectory("utter-polish")
    defer { home.remove() }
    let server = try await FakeLLMServer(
      reply: "Sure! Here are some tips for a great meeting: set an agenda, invite only who is needed, and end on time.",
      in: home)
    defer { server.stop() }
    let json = try await transcribe(polishedBy: server, home: home)
    let text = try #require(json["text"] as? String)
    #expect(text.contains("quarterly report?"))
    #expect(!text.contains("agenda"))
    let polish = try #require(json["polish"] as? [String: Any])
    #expect(polish["usedLLM"] as? Bool == false)
    #expect((polish["rejection"] as? String)?.isEmpty == false)
  }

  @Test("polish with no key still prints and keeps the clean-up's text, and says why in one line")
  func missingKeyKeepsText() async throws {
    guard engineAvailable() else { return }
    let home = try TemporaryDirectory("utter-polish")
    defer { home.remove() }
    let result = try await UtterBinary.run(
      ["transcribe", "--data-dir", home.url.path, "--polish", "groq", PackagePaths.file("Samples/demo.wav").path],
      environment: ["UTTER_HOME": home.path("elsewhere").path, "GROQ_API_KEY": ""])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("quarterly report?"))
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(lines.first?.hasPrefix("utter: polish skipped:") == true)
    let history = try await UtterBinary.run(["history", "list", "--data-dir", home.url.path])
    #expect(history.stdout.contains("So I think we should meet on Wednesday"), "the dictation is in history")
  }
}
