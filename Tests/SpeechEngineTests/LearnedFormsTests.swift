import Testing

@testable import SpeechEngine

/// An engine that writes what the audio "says" unless its prompt names a reading it accepts: a stand-in for
/// Whisper, which writes a name spelled unlike its sound once the prompt spells it.
private actor PromptSensitiveEngine: SpeechEngine {
  nonisolated let id = "prompt-sensitive"
  nonisolated let model = "test"
  let plain: String
  /// Readings the audio allows: taken when the prompt is exactly one of them.
  let allowed: [String]
  private(set) var prompts: [String?] = []

  init(plain: String, allowed: [String] = []) {
    self.plain = plain
    self.allowed = allowed
  }

  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    prompts.append(options.prompt)
    let text = allowed.first { $0 == options.prompt } ?? plain
    return Transcript(
      text: text, segments: [TranscriptSegment(text: text, start: 0, end: 1, confidence: 0.9)], language: "en",
      engine: id, model: model)
  }
}

@Suite("Learned forms: what the user taught, read again in the audio")
struct LearnedFormsTests {
  let speech = [Float](repeating: 0.1, count: 16_000)
  static let siobhan = LearnedForm(heard: "Sivor", term: "Siobhan", context: ["to", "and"], guarded: false)
  static let niamh = LearnedForm(heard: "I am", term: "Niamh", context: ["and", "before"], guarded: true)

  @Test("the prompt writes a plain heard form as its term anywhere, an ordinary phrase only next to its context")
  func prompt() {
    let forms = [Self.siobhan, Self.niamh]
    let (text, used) = LearnedForms.prompt(for: "Send the draft to Sivor, and I am before lunch.", forms: forms)
    #expect(text == "Send the draft to Siobhan, and Niamh before lunch.")
    #expect(used == [Self.siobhan, Self.niamh])
    let ordinary = LearnedForms.prompt(for: "So I am sure I am right. Ask Sivor.", forms: forms)
    #expect(ordinary.text == "So I am sure I am right. Ask Siobhan.")
    #expect(ordinary.used == [Self.siobhan])
    #expect(LearnedForms.prompt(for: "I am here.", forms: forms).used.isEmpty)
  }

  @Test("the audio decides: a term is written where the engine, prompted with it, writes it; else the words stay")
  func decode() async throws {
    let heard = "Send the draft to Sivor and I am before lunch."
    let right = "Send the draft to Siobhan and Niamh before lunch."
    let learned = TranscriptionOptions(learnedForms: [Self.siobhan, Self.niamh])
    let agreeing = PromptSensitiveEngine(plain: heard, allowed: [right])
    let transcript = try await VoicedTranscription().transcribe(segment: speech, engine: agreeing, options: learned)
    #expect(transcript.text == right)
    #expect(transcript.learned == ["Sivor → Siobhan", "I am → Niamh"])
    #expect(await agreeing.prompts == [nil, right])

    let deaf = PromptSensitiveEngine(plain: heard)
    let kept = try await VoicedTranscription().transcribe(segment: speech, engine: deaf, options: learned)
    #expect(kept.text == heard, "the audio did not say the terms: the engine's words stand")
    #expect(kept.learned.isEmpty)

    let ordinary = PromptSensitiveEngine(plain: "So I am sure I am right.", allowed: ["So Niamh sure Niamh right."])
    let untouched = try await VoicedTranscription().transcribe(segment: speech, engine: ordinary, options: learned)
    #expect(untouched.text == "So I am sure I am right.")
    #expect(await ordinary.prompts == [nil], "no learned form applies: one engine call")
  }

  @Test("a correction is heard in the audio when the engine, prompted with the corrected text, writes it")
  func heardInAudio() async throws {
    let text = "Send the draft to Sivor and I am before lunch. We meet on Friday."
    var prompts: [String] = []
    let verdicts = try await LearnedForms.heardInAudio(
      text: text,
      corrections: [("Sivor", "Siobhan"), ("I am", "Niamh"), ("Friday", "Monday")]
    ) { prompt in
      prompts.append(prompt)
      return "Send the draft to Siobhan and Niamh before lunch. We meet on Friday."
    }
    #expect(prompts == ["Send the draft to Siobhan and Niamh before lunch. We meet on Monday."])
    #expect(verdicts == [true, true, false])
    #expect(LearnedForms.neighbours(of: "I am", in: text) == ["and", "before"])
    #expect(LearnedForms.neighbours(of: "Friday", in: text) == ["on"])
  }
}
