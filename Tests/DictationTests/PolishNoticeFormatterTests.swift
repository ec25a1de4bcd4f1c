import Dictation
import DictationValues
import HTTPTransport
import LLMPolish
import SessionTestFakes
import Storage
import Testing

/// A polish provider that fails the way a busy model does.
struct FailingProvider: LLMProvider {
  let id = "failing"
  let displayName = "Apple Intelligence (on device)"
  let model = "system"
  let error: any Error

  func complete(_ request: LLMRequest) async throws -> LLMResponse { throw error }
}

@Suite("Dictation formatter: polish that fails says so, and the words still go in")
struct PolishNoticeFormatterTests {
  static func formatter(_ provider: any LLMProvider) -> DictationFormatter {
    var settings = UtterSettings()
    settings.polishProvider = "apple-intelligence"
    return DictationFormatter(
      settings: DictationSettings(settings: settings, styles: []), providers: PolishProviders { _, _, _ in provider })
  }

  @Test(
    "a refused or rate-limited model gives the clean-up's text and a one-line 'Not polished' notice",
    arguments: [
      (
        ProviderError(
          .rateLimited, provider: "Apple Intelligence", message: "Apple Intelligence is busy, try again later"),
        "Not polished: Apple Intelligence is busy, try again later"
      ),
      (
        ProviderError(.rateLimited, provider: "OpenAI", status: 429, message: "OpenAI is limiting requests (HTTP 429)"),
        "Not polished: OpenAI is limiting requests (HTTP 429)"
      ),
    ])
  func providerFailureGivesNotice(error: ProviderError, notice: String) async {
    let (formatted, report) = await Self.formatter(FailingProvider(error: error)).format(
      "um can you send the report to Sam")
    #expect(formatted.text == "Can you send the report to Sam?")
    #expect(report?.usedLLM == false)
    #expect(formatted.notice == notice)
  }

  @Test("an error of another kind (Apple's own) still gives a notice naming the model")
  func otherErrorGivesNotice() async {
    struct Refused: Error, CustomStringConvertible { var description: String { "the request was refused" } }
    let (formatted, _) = await Self.formatter(FailingProvider(error: Refused())).format("send the report to Sam")
    #expect(formatted.text == "Send the report to Sam.")
    #expect(formatted.notice == "Not polished: Apple Intelligence (on device) failed: the request was refused")
  }

  @Test("polish kept back on purpose (the model changed a number) inserts the user's words with no notice")
  func safetyNetGivesNoNotice() async {
    let provider = RecordingProvider { $0.replacingOccurrences(of: "3", with: "4") }
    let (formatted, report) = await Self.formatter(provider).format("send the 3 reports to Sam today")
    #expect(report?.usedLLM == false)
    #expect(formatted.text.contains("3"))
    #expect(formatted.notice == nil)
  }

  @Test("every rejection that means polish failed has a notice; the others have none")
  func noticesByRejection() {
    let failed: [PolishRejection] = [.timedOut(seconds: 6), .providerFailed("x is down"), .emptyOutput, .refused]
    for rejection in failed { #expect(rejection.notice == "Not polished: \(rejection.description)") }
    let kept: [PolishRejection] = [
      .echoedInstructions, .answeredQuestion, .followedRequest, .changedNegation, .changedNumbers,
      .lengthChanged(ratio: 2), .droppedContent(kept: 0.2), .addedContent(words: ["x"]), .cancelled,
      .polishOff(.code), .tooShort,
    ]
    for rejection in kept { #expect(rejection.notice == nil, "\(rejection)") }
  }
}
