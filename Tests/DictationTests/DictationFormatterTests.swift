import Dictation
import DictationValues
import Foundation
import HTTPTransport
import KeyStore
import LLMPolish
import SessionTestFakes
import SpeechEngine
import SpeechReading
import Storage
import Testing

@Suite("Dictation formatter: clean-up, style and polish")
struct DictationFormatterTests {
  static func settings(polish: String = "groq", styles: [SavedStyle] = [], style: String = "natural")
    -> DictationSettings
  {
    var settings = UtterSettings()
    settings.polishProvider = polish
    settings.polishStyle = style
    return DictationSettings(settings: settings, styles: styles)
  }

  static func providers(_ provider: RecordingProvider) -> PolishProviders {
    PolishProviders { _, _, _ in provider }
  }

  @Test("a saved style's prompt reaches the polish request for a field it claims")
  func stylePromptReachesPolisher() async throws {
    let provider = RecordingProvider()
    let pirate = SavedStyle(name: "Pirate", kind: "casual", prompt: "Write like a pirate.", defaultContexts: ["chat"])
    let formatter = DictationFormatter(settings: Self.settings(styles: [pirate]), providers: Self.providers(provider))
    _ = await formatter.format("um see you at the harbour tonight", field: FieldContext(keyboardType: "twitter"))
    let request = try #require(provider.requests.first)
    #expect(request.system.contains("Write like a pirate."))
    #expect(request.user.contains("See you at the harbour tonight"), "the deterministic text is sent")
  }

  @Test("the style reaches the deterministic stage too: very casual drops the capital and the final period")
  func styleReachesPipeline() async {
    let formatter = DictationFormatter(
      settings: Self.settings(polish: "none", style: "very-casual"), providers: Self.providers(RecordingProvider()))
    let (formatted, report) = await formatter.format("see you at the harbour tonight")
    #expect(formatted.text == "see you at the harbour tonight")
    #expect(report == nil)
  }

  @Test("a faithful rewrite is used, spaced against the text before the cursor")
  func polishedTextIsUsed() async {
    let provider = RecordingProvider { $0.replacingOccurrences(of: "Can you", with: "Could you") }
    let formatter = DictationFormatter(settings: Self.settings(), providers: Self.providers(provider))
    let (formatted, report) = await formatter.format(
      "can you bring the quarterly report tomorrow", field: FieldContext(textBeforeCursor: "Hi Sam."))
    #expect(formatted.text == " Could you bring the quarterly report tomorrow?")
    #expect(report?.usedLLM == true)
    #expect(formatted.trace.last?.stage == "llm-polish")
    #expect(formatted.notice == nil)
  }

  @Test("polish without a key keeps the clean-up's text and says why, in one line")
  func missingKeyKeepsText() async throws {
    let formatter = DictationFormatter(
      settings: Self.settings(polish: "groq"),
      providers: .catalog(keys: InMemorySecretStore(), http: LiveHTTPClient()))
    #expect(formatter.polishesWithModel == false)
    let (formatted, report) = await formatter.format("um send the report to Sam")
    #expect(formatted.text == "Send the report to Sam.")
    #expect(report == nil)
    let notice = try #require(formatted.notice)
    #expect(notice.hasPrefix("polish skipped:"))
    #expect(notice.lowercased().contains("groq"))
    #expect(!notice.contains("\n"))
  }

  @Test("verbatim dictation is never sent to a model")
  func verbatimIsNotPolished() async {
    let provider = RecordingProvider()
    let formatter = DictationFormatter(
      settings: Self.settings(style: "verbatim"), providers: Self.providers(provider))
    let (formatted, _) = await formatter.format("um keep this exactly")
    #expect(formatted.text == "um keep this exactly")
    #expect(provider.requests.isEmpty)
  }

  @Test("the host's finishing step is the pipeline's: polish runs on keyboard dictations")
  func hostFinishingPolishes() async {
    let provider = RecordingProvider { $0.replacingOccurrences(of: "Can you", with: "Could you") }
    let formatter = DictationFormatter(settings: Self.settings(), providers: Self.providers(provider))
    let pipeline = DictationPipeline(
      engines: EngineAccess { _ in throw SpeechEngineError("not read here") }, formatter: formatter, archive: nil)
    let reading = DictationReading(
      id: "k1",
      transcript: Transcript(
        text: "can you bring the quarterly report tomorrow", segments: [], language: "en", engine: "whisper",
        model: "base"),
      audio: [], field: FieldContext(), origin: .keyboard,
      startedAt: Date(timeIntervalSince1970: 1_795_341_600))
    let finished = await pipeline.finish(reading, in: nil).dictation
    #expect(finished.entry.finalText == "Could you bring the quarterly report tomorrow?")
    #expect(finished.entry.origin == .keyboard)
    #expect(provider.requests.count == 1)
  }
}
