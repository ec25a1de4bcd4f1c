import DictationValues
import Foundation
import HTTPTransport
import LLMPolish
import Logging
import ProviderTestSupport
import TestSupport
import Testing

/// A polish timeout no loaded test machine reaches, for tests whose subject is not the timeout.
let patience = Duration.seconds(120)

/// Runs `polish` with a fake OpenAI that answers every request with `answer`.
func polish(
  _ text: String, answer: String, context: FieldContext = FieldContext(),
  settings: PolishSettings = PolishSettings(timeout: patience)
) async throws -> (PolishResult, [RecordedRequest]) {
  try await FakeProviderServer.with({ _ in responsesAnswer(answer) }) { server in
    let polisher = Polisher(provider: try openAI(server), settings: settings)
    return (await polisher.polish(text, context: context), server.requests)
  }
}

@Suite("Polish with the safety net, end to end")
struct PolisherTests {
  @Test("a faithful clean-up is used")
  func acceptsCleanUp() async throws {
    let (result, requests) = try await polish(
      "so um I think we should uh move the meeting to Thursday",
      answer: "I think we should move the meeting to Thursday.")
    #expect(result.usedLLM)
    #expect(result.text == "I think we should move the meeting to Thursday.")
    #expect(result.rejectionReason == nil)
    #expect(result.provider == "openai")
    #expect(dictation(in: requests[0]) == "so um I think we should uh move the meeting to Thursday")
  }

  @Test("answering a dictated question keeps the deterministic text")
  func answeredQuestion() async throws {
    let (result, _) = try await polish("What's the capital of France?", answer: "The capital of France is Paris.")
    #expect(!result.usedLLM)
    #expect(result.text == "What's the capital of France?")
    #expect(result.rejectionReason == "the model answered the dictated question instead of cleaning it up")
  }

  @Test("a refusal keeps the deterministic text")
  func refusal() async throws {
    let (result, _) = try await polish(
      "Tell him the server is down again.", answer: "I'm sorry, but I can't help with that request.")
    #expect(!result.usedLLM)
    #expect(result.text == "Tell him the server is down again.")
    #expect(result.rejection == .refused)
  }

  @Test("a preface and quotes around the answer are stripped, and the answer is used")
  func prefaceStripped() async throws {
    let (result, _) = try await polish(
      "can you send me the report by friday",
      answer: "Sure! Here's the cleaned-up text:\n\n\"Can you send me the report by Friday?\"")
    #expect(result.usedLLM)
    #expect(result.text == "Can you send me the report by Friday?")
    #expect(result.removedWrappers == ["preface", "quotes"])
  }

  @Test("dropping dictated content keeps the deterministic text")
  func droppedContent() async throws {
    let text = "Please book the flight to Lisbon on Monday, reserve a hotel near the river, and cancel the rental car."
    let (result, _) = try await polish(text, answer: "Please book the flight to Lisbon on Monday.")
    #expect(!result.usedLLM)
    #expect(result.text == text)
    #expect(result.rejectionReason?.hasPrefix("the model changed the length too much") == true)
  }

  @Test("inventing content keeps the deterministic text and names the new words")
  func inventedContent() async throws {
    let text = "The quarterly numbers look good and the team hit the target."
    let (result, _) = try await polish(
      text, answer: "The quarterly revenue numbers look excellent and the sales team exceeded the ambitious target.")
    #expect(!result.usedLLM)
    #expect(result.rejection == .addedContent(words: ["revenue", "excellent", "sale", "exceeded", "ambitious"]))
  }

  @Test("'Hey Utter, …' is an instruction: the model's different text is used and the prompt says so")
  func heyAgentInstruction() async throws {
    let (result, requests) = try await polish(
      "Hey Utter, write a two-line thank-you note to Maria for the flowers",
      answer: "Dear Maria,\nThank you so much for the beautiful flowers!")
    #expect(result.usedLLM)
    #expect(result.wasInstruction)
    #expect(result.text == "Dear Maria,\nThank you so much for the beautiful flowers!")
    let body = try #require(requests.first?.json)
    #expect((body["instructions"] as? String)?.contains("You are Utter, the writing assistant") == true)
    #expect(
      body["input"] as? String
        == "<instruction>\nWrite a two-line thank-you note to Maria for the flowers\n</instruction>")
  }

  @Test("the same request without the agent's name is cleaned, not carried out")
  func requestWithoutAgentIsNotCarriedOut() async throws {
    let (result, _) = try await polish(
      "write a two-line thank-you note to Maria for the flowers",
      answer: "Dear Maria,\nThank you so much for the beautiful flowers!")
    #expect(!result.usedLLM)
    #expect(result.rejection == .followedRequest)
  }

  @Test("the agent name is configurable")
  func customAgentName() async throws {
    let (result, _) = try await polish(
      "OK Jarvis, reply that I'm running late", answer: "Sorry, running about ten minutes late!",
      settings: PolishSettings(agentName: "Jarvis", timeout: patience))
    #expect(result.usedLLM)
    #expect(result.wasInstruction)
  }

  @Test("a slow model times out and the deterministic text is kept, not its late answer")
  func timeoutFallsBack() async throws {
    // Polish waits on a test clock; the model answers only once polish has given up.
    let clock = TestClock()
    let answer = Gate()
    try await FakeProviderServer.with({ _ in
      var reply = responsesAnswer("Too late.")
      reply.heldUntil = answer
      return reply
    }) { server in
      let polisher = Polisher(
        provider: try openAI(server), settings: PolishSettings(timeout: patience),
        clock: clock.clock)
      let polishing = Task { await polisher.polish("this is the text") }
      #expect(await server.received())
      #expect(await eventually { clock.sleeperCount == 1 }, "polish waits for its deadline")
      clock.advance(by: patience.seconds - 1)
      #expect(clock.sleeperCount == 1, "a second before the deadline polish still waits")
      clock.advance(by: 1)
      let result = await polishing.value
      #expect(!answer.opened)
      answer.open()
      #expect(!result.usedLLM)
      #expect(result.text == "this is the text")
      #expect(result.rejectionReason == "the model did not answer within 120.0 s")
      #expect(result.latency == patience)
    }
  }

  @Test("cancelling polish keeps the deterministic text with the reason")
  func cancellationFallsBack() async throws {
    let clock = TestClock()
    let answer = Gate()
    try await FakeProviderServer.with({ _ in
      var reply = responsesAnswer("Too late.")
      reply.heldUntil = answer
      return reply
    }) { server in
      let polisher = Polisher(
        provider: try openAI(server), settings: PolishSettings(timeout: patience),
        clock: clock.clock)
      let task = Task { await polisher.polish("please keep me") }
      // Cancelled while the server holds the request, however long the request took to get there.
      #expect(await server.received())
      task.cancel()
      let result = await task.value
      #expect(result.text == "please keep me")
      #expect(result.rejection == .cancelled)
    }
  }

  @Test("a rejected key keeps the deterministic text and says why, without the key")
  func providerErrorFallsBack() async throws {
    try await FakeProviderServer.with({ _ in .json(#"{"error":{"message":"Incorrect API key"}}"#, status: 401) }) {
      server in
      let polisher = Polisher(provider: try openAI(server), settings: PolishSettings(timeout: patience))
      let result = await polisher.polish("hello there friend")
      #expect(result.text == "hello there friend")
      #expect(result.rejectionReason == "OpenAI rejected the API key")
    }
  }

  @Test("a one- or two-word dictation is kept without asking the model")
  func shortDictation() async throws {
    let (result, requests) = try await polish("Thanks!", answer: "Thank you very much!")
    #expect(result.text == "Thanks!")
    #expect(result.rejection == .tooShort)
    #expect(requests.isEmpty)
  }

  @Test("code fields are not polished by default; the request is never sent")
  func codeFieldsOff() async throws {
    let (result, requests) = try await polish(
      "git commit dash m fix", answer: "unused", context: FieldContext(appBundleID: "com.blink.blinkshell"))
    #expect(!result.usedLLM)
    #expect(result.rejectionReason == "polish is off for code fields")
    #expect(requests.isEmpty)
  }

  @Test("email fields get the formal style and email advice; vocabulary is listed")
  func emailStyleInPrompt() async throws {
    let (_, requests) = try await polish(
      "hi tom thanks for the kubernetes notes", answer: "Hi Tom,\n\nThanks for the Kubernetes notes.",
      context: FieldContext(appBundleID: "com.apple.mobilemail"),
      settings: PolishSettings(vocabulary: ["Kubernetes", "Siobhan"], timeout: patience))
    let instructions = try #require(requests.first?.json?["instructions"] as? String)
    #expect(instructions.contains("Style: formal."))
    #expect(instructions.contains("Field: the text goes into an email."))
    #expect(instructions.contains("Spell these names and terms exactly as written here: Kubernetes, Siobhan."))
  }

  @Test("dictated text and keys stay out of logs at debug level; trace shows the text")
  func loggingPrivacy() async throws {
    let lines = Recorder<String>()
    let secret = "the secret merger with Contoso"
    try await FakeProviderServer.with({ _ in responsesAnswer("The secret merger with Contoso.") }) { server in
      var logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
      logger.logLevel = .debug
      _ = await Polisher(provider: try openAI(server), settings: PolishSettings(timeout: patience), logger: logger)
        .polish(secret)
      #expect(!lines.values.isEmpty)
      #expect(!lines.values.joined().contains("Contoso"))
      #expect(!lines.values.joined().contains(openAIKey))
      logger.logLevel = .trace
      _ = await Polisher(provider: try openAI(server), settings: PolishSettings(timeout: patience), logger: logger)
        .polish(secret)
      #expect(lines.values.joined().contains("Contoso"))
      #expect(!lines.values.joined().contains(openAIKey))
    }
  }
}

/// Records every log line with its metadata.
struct CapturingLogHandler: LogHandler {
  let lines: Recorder<String>
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    lines.record("\(event.level) \(event.message) \(event.metadata ?? [:]) \(self.metadata)")
  }
}
