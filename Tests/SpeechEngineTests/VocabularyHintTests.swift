import Testing

@testable import SpeechEngine

/// An engine whose reading depends on whether it was given the dictionary, like Whisper with a prompt.
private actor HintSensitiveEngine: SpeechEngine {
  nonisolated let id = "hint-sensitive"
  nonisolated let model = "test"
  let plain: String
  let hinted: String
  private(set) var prompts: [[String]] = []

  init(plain: String, hinted: String) {
    self.plain = plain
    self.hinted = hinted
  }

  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    prompts.append(options.vocabulary)
    let text = options.vocabulary.isEmpty ? plain : hinted
    return Transcript(
      text: text, segments: [TranscriptSegment(text: text, start: 0, end: 1, confidence: 0.9)], language: "en",
      engine: id, model: model)
  }
}

/// An engine that can raise the terms while it decodes: the prompt alone does not move it, the bias may.
private actor BiasingEngine: SpeechEngine {
  nonisolated let id = "biasing"
  nonisolated let model = "test"
  nonisolated let canBiasTowardTerms = true
  let plain: String
  let biased: String
  private(set) var calls: [(vocabulary: [String], biased: Bool)] = []

  init(plain: String, biased: String) {
    self.plain = plain
    self.biased = biased
  }

  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    calls.append((options.vocabulary, options.biasesDecoder))
    let text = options.biasesDecoder ? biased : plain
    return Transcript(
      text: text, segments: [TranscriptSegment(text: text, start: 0, end: 1, confidence: 0.9)], language: "en",
      engine: id, model: model)
  }
}

@Suite("The personal dictionary as an engine hint")
struct VocabularyHintTests {
  let speech = [Float](repeating: 0.1, count: 16_000)

  @Test("speech that says none of the terms reads exactly as with no dictionary, in one engine call")
  func unrelatedSpeechIsUntouched() async throws {
    let engine = HintSensitiveEngine(
      plain: "So we should meet on Wednesday at 10.", hinted: "So we should meet on Wednesday 10.")
    let options = TranscriptionOptions(vocabulary: ["Anthropic", "GRDB"])
    let text = try await VoicedTranscription().transcribe(segment: speech, engine: engine, options: options).text
    #expect(text == "So we should meet on Wednesday at 10.")
    #expect(await engine.prompts == [[]])
  }

  @Test("a heard sound-alike of a term is read again with the hint, and that reading kept when it spells the term")
  func soundAlikeGetsTheHint() async throws {
    let engine = HintSensitiveEngine(
      plain: "The cluster runs on cube and eats.", hinted: "The cluster runs on Kubernetes.")
    let options = TranscriptionOptions(vocabulary: ["Kubernetes", "GRDB"])
    let text = try await VoicedTranscription().transcribe(segment: speech, engine: engine, options: options).text
    #expect(text == "The cluster runs on Kubernetes.")
    #expect(await engine.prompts == [[], ["Kubernetes"]], "only the term the words may be is hinted")
  }

  @Test("of a hinted reading only the term is taken: the words the hint changed elsewhere stay as first heard")
  func onlyTheTermIsTaken() async throws {
    let engine = HintSensitiveEngine(
      plain: "So we meet on Wednesday at 10 about cube and eats.",
      hinted: "So we meet on Wednesday 10 about Kubernetes.")
    let unrelated = ["Priyanka", "Jenkins", "Kafka", "Redis", "Datadog", "Kotlin", "Snowflake", "Airflow"]
    let options = TranscriptionOptions(vocabulary: unrelated + ["Kubernetes"])
    let text = try await VoicedTranscription().transcribe(segment: speech, engine: engine, options: options).text
    #expect(text == "So we meet on Wednesday at 10 about Kubernetes.")
    #expect(await engine.prompts == [[], ["Kubernetes"]], "the unrelated terms are neither hinted nor raised")
  }

  @Test("a hinted reading that still lacks the term is dropped: the hint changed other words for nothing")
  func uselessHintIsDropped() async throws {
    let engine = HintSensitiveEngine(
      plain: "Ask Ryan to review the cube and eats plan at 10.", hinted: "Ask Ryan to review the cube net plan 10.")
    let options = TranscriptionOptions(vocabulary: ["Kubernetes"])
    let text = try await VoicedTranscription().transcribe(segment: speech, engine: engine, options: options).text
    #expect(text == "Ask Ryan to review the cube and eats plan at 10.")
    #expect(await engine.prompts.count == 2)
  }

  @Test("without a dictionary there is one call and no hint")
  func noDictionary() async throws {
    let engine = HintSensitiveEngine(plain: "plain", hinted: "hinted")
    _ = try await VoicedTranscription().transcribe(segment: speech, engine: engine, options: .init())
    #expect(await engine.prompts == [[]])
  }

  @Test("when the prompt moves nothing, an engine that can biases its decoder, kept where the term sounds right")
  func biasAfterPrompt() async throws {
    let options = TranscriptionOptions(vocabulary: ["Kubernetes", "Trello"])
    let found = BiasingEngine(plain: "The cluster runs on cube and eats.", biased: "The cluster runs on Kubernetes.")
    let text = try await VoicedTranscription().transcribe(segment: speech, engine: found, options: options).text
    #expect(text == "The cluster runs on Kubernetes.")
    #expect(await found.calls.map(\.biased) == [false, false, true], "unprompted, prompted, then biased")

    let spill = BiasingEngine(
      plain: "The train to Boston leaves at noon.", biased: "The Trello-Aston leaves at noon.")
    let kept = try await VoicedTranscription().transcribe(segment: speech, engine: spill, options: options).text
    #expect(kept == "The train to Boston leaves at noon.", "a term pushed over words that do not sound like it")
    #expect(await spill.calls.count == 3, "the gate opened (train to ~ Trello) and the biased reading was refused")
  }

  @Test("an engine that takes the vocabulary only as a prompt is not asked a third time")
  func noBiasNoThirdCall() async throws {
    let engine = HintSensitiveEngine(plain: "The cluster runs on cube and eats.", hinted: "The cluster runs on cube.")
    let options = TranscriptionOptions(vocabulary: ["Kubernetes"])
    _ = try await VoicedTranscription().transcribe(segment: speech, engine: engine, options: options)
    #expect(await engine.prompts.count == 2)
  }
}
