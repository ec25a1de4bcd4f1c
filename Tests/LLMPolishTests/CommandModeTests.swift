import Foundation
import LLMPolish
import ProviderTestSupport
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
    try await FakeProviderServer.with({ _ in
      var reply = responsesAnswer("late")
      reply.delay = .seconds(5)
      return reply
    }) { server in
      let error = await #expect(throws: CommandModeError.self) {
        _ = try await CommandMode(provider: try openAI(server), timeout: .milliseconds(300)).rewrite(
          selection: "text", instruction: "shorten")
      }
      #expect(error?.message == "the model did not answer within 0.3 s; the selection is unchanged")
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
