import SpeechEngine
import Testing

@Suite("Hallucination guard")
struct HallucinationGuardTests {
  func segment(_ text: String, noSpeech: Double? = 0.05, confidence: Double = 0.9) -> TranscriptSegment {
    TranscriptSegment(text: text, start: 0, end: 1, confidence: confidence, noSpeechProbability: noSpeech)
  }

  @Test("'Thank you.' over near-silence is dropped")
  func thankYouOnSilence() {
    let transcript = Transcript(
      text: "Thank you.", segments: [segment("Thank you.", noSpeech: 0.62)], language: "en", engine: "w", model: "m")
    let cleaned = HallucinationGuard.clean(transcript)
    #expect(cleaned.text == "")
    #expect(cleaned.segments.isEmpty)
  }

  @Test("'Thank you.' said clearly is kept")
  func thankYouSpoken() {
    let transcript = Transcript(
      text: "Thank you.", segments: [segment("Thank you.", noSpeech: 0.01, confidence: 0.93)], language: "en",
      engine: "w", model: "m")
    #expect(HallucinationGuard.clean(transcript, voicedSeconds: 1.1).text == "Thank you.")
  }

  @Test("sound descriptions never become text")
  func annotations() {
    for text in ["[BLANK_AUDIO]", "(music)", "♪ ♪", "*laughs*", "[ Silence ]"] {
      #expect(HallucinationGuard.isInvented(segment(text)), "\(text)")
    }
    #expect(!HallucinationGuard.isInvented(segment("(see attached) the report")))
  }

  @Test("real sentences that contain a phantom phrase survive")
  func phraseInsideSentence() {
    let transcript = Transcript(
      text: "Thank you for your help, I really appreciate it.",
      segments: [segment("Thank you for your help, I really appreciate it.", noSpeech: 0.5, confidence: 0.4)],
      language: "en", engine: "w", model: "m")
    #expect(HallucinationGuard.clean(transcript).text == transcript.text)
  }

  @Test("only the invented segment is removed from a longer transcript")
  func mixedSegments() {
    let transcript = Transcript(
      text: "Send the report. Thanks for watching!",
      segments: [segment("Send the report."), segment("Thanks for watching!", noSpeech: 0.7, confidence: 0.3)],
      language: "en", engine: "w", model: "m")
    #expect(HallucinationGuard.clean(transcript).text == "Send the report.")
  }

  @Test("a draft that loops is cut after the first time round; speech that repeats a word stays")
  func draftLoops() {
    #expect(HallucinationGuard.cutLoop("Please send. Please send. Please send. Please") == "Please send.")
    #expect(
      HallucinationGuard.cutLoop("The weather today is... The weather today is... The weather today is...")
        == "The weather today is...")
    #expect(HallucinationGuard.cutLoop("cold and cold and cold and windy") == "cold and")
    #expect(HallucinationGuard.cutLoop("it was very very good") == "it was very very good")
    #expect(HallucinationGuard.cutLoop("no no no, not that") == "no")
    #expect(
      HallucinationGuard.cutLoop("Send the report to Sam before Friday.") == "Send the report to Sam before Friday.")
    #expect(HallucinationGuard.cutLoop("") == "")
  }
}
