import HTTPTransport
import LLMPolish
import Testing

/// Apple Intelligence as the app wraps it, failing the way iOS reported.
private struct FailingAppleIntelligence: LLMProvider {
  let id = "apple-intelligence"
  let displayName = AppleIntelligenceFailure.provider
  let model = "system"
  let failure: AppleIntelligenceFailure

  func complete(_ request: LLMRequest) async throws -> LLMResponse { throw failure.error }
}

@Suite("Apple Intelligence's failures as polish reports them")
struct AppleIntelligenceFailureTests {
  @Test("a dictation polished while iOS rate-limits the app in the background goes in unpolished, saying why")
  func limitedInTheBackground() async {
    let polisher = Polisher(
      provider: FailingAppleIntelligence(failure: .limitedInBackground), settings: PolishSettings(timeout: patience))
    let result = await polisher.polish("so I think we should move the meeting to Thursday")
    #expect(!result.usedLLM)
    #expect(result.text == "so I think we should move the meeting to Thursday")
    #expect(
      result.rejection?.notice == "Not polished: iOS limits Apple Intelligence while Utter is in the background")
    #expect(AppleIntelligenceFailure.limitedInBackground.error.kind == .rateLimited)
    #expect(AppleIntelligenceFailure.busy.error.message == "Apple Intelligence is busy, try again later")
    #expect(
      AppleIntelligenceFailure.backgroundNote.contains("some go in with clean-up only"),
      "Settings says so before the user relies on it")
  }

  @Test("a text the model declines goes in as dictated, and the user is told it declined")
  func declined() async {
    let polisher = Polisher(
      provider: FailingAppleIntelligence(failure: .declined), settings: PolishSettings(timeout: patience))
    let result = await polisher.polish("please send the quarterly numbers to the whole team today")
    #expect(result.text == "please send the quarterly numbers to the whole team today")
    #expect(result.rejection?.notice == "Not polished: Apple Intelligence declined to rewrite this text")
  }

  @Test("each failure is its own one line naming Apple Intelligence, so the user knows which setting or wait applies")
  func oneLineEach() {
    let all = AppleIntelligenceFailure.allCases
    for failure in all {
      #expect(failure.error.message.contains("Apple Intelligence"), "\(failure)")
      #expect(!failure.error.message.contains("\n"), "\(failure)")
      #expect(failure.error.provider == "Apple Intelligence")
    }
    #expect(Set(all.map(\.error.message)).count == all.count)
    let notEnabled = AppleIntelligenceFailure.notEnabled.error.message
    #expect(notEnabled == "Turn on Apple Intelligence in Settings to use it for polish")
  }
}
