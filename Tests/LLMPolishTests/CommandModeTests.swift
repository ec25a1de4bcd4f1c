import Foundation
import HTTPTransport
import LLMPolish
import ProviderTestSupport
import TestSupport
import Testing

@Suite("Command mode")
struct CommandModeTests {
  @Test("the selection and the instruction are sent, and the rewrite comes back without its preface")
  func rewrite() async throws {
    try await FakeProviderServer.with({ request in
      guard let input = request.json?["input"] as? String,
        input
          == "<selection>\nWe should maybe think about possibly moving the launch.\n</selection>\n<instruction>\nmake this more concise\n</instruction>"
      else { return .badRequest("input") }
      return responsesAnswer("Here's the revised text:\nLet's move the launch.")
    }) { server in
      let result = try await CommandMode(provider: try openAI(server)).rewrite(
        selection: "We should maybe think about possibly moving the launch.", instruction: "make this more concise")
      #expect(result.text == "Let's move the launch.")
      #expect(result.provider == "openai")
    }
  }

  @Test("translation and bullet lists are passed through as the model wrote them")
  func bullets() async throws {
    try await FakeProviderServer.with({ _ in responsesAnswer("- eggs\n- milk\n- bread") }) { server in
      let result = try await CommandMode(provider: try openAI(server)).rewrite(
        selection: "eggs, milk and bread", instruction: "turn into bullet points")
      #expect(result.text == "- eggs\n- milk\n- bread")
    }
  }

  @Test("a refusal is an error and the selection stays")
  func refusal() async throws {
    try await FakeProviderServer.with({ _ in responsesAnswer("I'm sorry, but I can't help with that.") }) { server in
      let error = await #expect(throws: CommandModeError.self) {
        _ = try await CommandMode(provider: try openAI(server)).rewrite(selection: "text", instruction: "make it rude")
      }
      #expect(error?.message == "OpenAI declined the request; the selection is unchanged")
    }
  }

  @Test("an empty answer is an error and the selection stays")
  func emptyAnswer() async throws {
    try await FakeProviderServer.with({ _ in responsesAnswer("   ") }) { server in
      let error = await #expect(throws: CommandModeError.self) {
        _ = try await CommandMode(provider: try openAI(server)).rewrite(selection: "text", instruction: "shorten")
      }
      #expect(error?.message == "OpenAI returned nothing; the selection is unchanged")
    }
  }

  @Test("a timeout is an error naming the wait")
  func timeout() async throws {
    // Command mode waits on a test clock; the model answers only once command mode has given up.
    let clock = TestClock()
    let answer = Gate()
    try await FakeProviderServer.with({ _ in
      var reply = responsesAnswer("late")
      reply.heldUntil = answer
      return reply
    }) { server in
      let command = CommandMode(provider: try openAI(server), timeout: patience, clock: clock.clock)
      let rewriting = Task { try await command.rewrite(selection: "text", instruction: "shorten") }
      #expect(await server.received())
      #expect(await eventually { clock.sleeperCount == 1 }, "command mode waits for its deadline")
      clock.advance(by: patience.seconds - 1)
      #expect(clock.sleeperCount == 1, "a second before the deadline command mode still waits")
      clock.advance(by: 1)
      let error = await #expect(throws: CommandModeError.self) { _ = try await rewriting.value }
      #expect(!answer.opened)
      answer.open()
      #expect(error?.message == "the model did not answer within 120.0 s; the selection is unchanged")
    }
  }

  @Test("an empty instruction is refused before any request")
  func emptyInstruction() async throws {
    try await FakeProviderServer.with({ _ in .badRequest("no request expected") }) { server in
      await #expect(throws: CommandModeError("say what to do with the selection")) {
        _ = try await CommandMode(provider: try openAI(server)).rewrite(selection: "text", instruction: " ")
      }
      #expect(server.requests.isEmpty)
    }
  }
}
