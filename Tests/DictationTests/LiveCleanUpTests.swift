import Dictation
import DictationValues
import SessionTestFakes
import SpeechReading
import Testing

@Suite("Live text cleaned up as done would insert it")
struct LiveCleanUpTests {
  /// A formatter that would polish with a model, so that a test can tell the live text never asks one.
  static func formatter(_ provider: RecordingProvider, style: String = "natural") -> DictationFormatter {
    DictationFormatter(
      settings: DictationFormatterTests.settings(polish: "groq", style: style),
      providers: DictationFormatterTests.providers(provider))
  }

  static func live(
    _ confirmed: String, _ volatile: String, field: FieldContext = FieldContext(), style: String = "natural"
  )
    -> (LiveText, RecordingProvider)
  {
    let provider = RecordingProvider { "Polished: " + $0 }
    let raw = LiveText(confirmed: confirmed, volatile: volatile, revision: 7)
    return (raw.cleanedUp(for: field, by: formatter(provider, style: style).liveCleanUp), provider)
  }

  @Test("fillers go, numbers join across the seam, and the words that may still change are volatile")
  func seamIsCleanedAsOneText() {
    let (live, provider) = Self.live("So, um, I think we should meet at three", "thirty PM, then we can")
    #expect(live.confirmed == "So I think we should meet at")
    #expect(live.volatile == "3:30 PM, then we can.")
    #expect(live.revision == 7)
    #expect(provider.requests.isEmpty, "the live text never asks a model")
  }

  @Test("a pause between confirmed and volatile words is no sentence end")
  func pauseIsNoSentenceBreak() {
    let (live, _) = Self.live("my flight plans", "keep rolling in the morning")
    #expect(live.text == "My flight plans keep rolling in the morning.")
    #expect(live.confirmed == "My flight plans")
  }

  @Test("a course correction in the volatile words moves the word it cancels out of the confirmed text")
  func correctionReachesBack() {
    let (live, _) = Self.live("Let's meet on Tuesday", "no wait, Wednesday")
    #expect(live.text == "Let's meet on Wednesday.")
    #expect(live.confirmed == "Let's meet on")
    #expect(live.volatile == "Wednesday.")
  }

  @Test("the field decides capitals and spacing, as for the final text, without a leading space")
  func fieldContext() {
    let (live, _) = Self.live("and then we left", "", field: FieldContext(textBeforeCursor: "We had dinner"))
    #expect(live.confirmed == "and then we left.")
    #expect(live.volatile.isEmpty)
    let (draft, _) = Self.live("", "um hello there", field: FieldContext(textBeforeCursor: "Done. "))
    #expect(draft.confirmed.isEmpty)
    #expect(draft.volatile == "Hello there.")
  }

  @Test("the style applies: verbatim shows the engine's words as they are")
  func verbatimStyle() {
    let (live, _) = Self.live("um so", "three thirty", style: "verbatim")
    #expect(live.text == "um so three thirty")
  }
}
