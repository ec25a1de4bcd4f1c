import Foundation
import ProviderTestSupport
import TestSupport
import Testing

/// Runs `utter ARGS` on its own thread so the fake server's tasks keep running meanwhile.
func runUtter(_ arguments: [String], environment: [String: String], stdin: String?) async throws -> ProcessOutput {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread {
      continuation.resume(
        with: Result { try UtterBinary.run(arguments, environment: environment, stdin: stdin, timeout: 60) })
    }
  }
}

@Suite("utter command, run as a process against a local server")
struct CommandCLITests {
  @Test("the selection on stdin is rewritten and printed; the key comes from the environment")
  func rewritesStdin() async throws {
    let dir = try TemporaryDirectory("command-cli")
    defer { dir.remove() }
    try await FakeProviderServer.with({ request in
      guard request.path == "/v1/chat/completions", request.header("authorization") == "Bearer local-secret-123456",
        let messages = request.json?["messages"] as? [[String: Any]],
        (messages.last?["content"] as? String)?.contains("<selection>\nsee you tomorrow at noon\n</selection>") == true,
        (messages.last?["content"] as? String)?.contains("translate to Spanish") == true
      else { return .badRequest("request") }
      return chatAnswer("Nos vemos mañana al mediodía.")
    }) { server in
      let output = try await runUtter(
        [
          "command", "translate to Spanish", "--provider", "lmstudio", "--base-url", server.url("/v1").absoluteString,
          "--data-dir", dir.url.path,
        ],
        environment: ["UTTER_LMSTUDIO_API_KEY": "local-secret-123456"], stdin: "see you tomorrow at noon\n")
      #expect(output.status == 0)
      #expect(output.stdout == "Nos vemos mañana al mediodía.\n")
      #expect(output.stderr.isEmpty)
    }
  }

  @Test("a refusal prints nothing on stdout and one line on stderr")
  func refusalKeepsSelection() async throws {
    let dir = try TemporaryDirectory("command-cli")
    defer { dir.remove() }
    try await FakeProviderServer.with({ _ in chatAnswer("I'm sorry, I can't help with that.") }) { server in
      let output = try await runUtter(
        [
          "command", "make it mean", "--provider", "ollama", "--base-url", server.url("/v1").absoluteString,
          "--data-dir", dir.url.path,
        ],
        environment: [:], stdin: "be nice")
      #expect(output.status == 1)
      #expect(output.stdout.isEmpty)
      #expect(output.stderr == "utter: Ollama declined the request; the selection is unchanged\n")
    }
  }
}
