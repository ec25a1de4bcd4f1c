import Dictation
import DictationValues
import KeyboardModel
import SessionTestFakes
import SpeechEngine
import SpeechReading
import Testing

/// One decision of `DictationLanguage.resolve`: its inputs and the language it reads in (nil: detect).
struct LanguageCase: Sendable, CustomTestStringConvertible {
  var behaviour: String
  var picked: String?
  var setting: String?
  var field: String?
  var readable: Set<String>?
  var reads: String?

  var testDescription: String { behaviour }
}

/// An engine whose model is `model`, which reads every recording as nothing.
private struct NamedModelEngine: SpeechEngine {
  let id = "named"
  let model: String

  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    Transcript(text: "", segments: [], language: options.language, engine: id, model: model)
  }
}

@Suite("One decision of a dictation's language, for the keyboard and the app")
struct DictationLanguageTests {
  static let cases: [LanguageCase] = [
    .init(
      behaviour: "the pick beats the setting and the field", picked: "it", setting: "es", field: "fr-CA", reads: "it"),
    .init(behaviour: "with no pick the setting beats the field", setting: "es", field: "fr-CA", reads: "es"),
    .init(behaviour: "an auto pick follows the setting", picked: "auto", setting: "de", field: "fr-CA", reads: "de"),
    .init(behaviour: "an auto setting follows the field's input mode", setting: "auto", field: "fr-CA", reads: "fr"),
    .init(behaviour: "a Swiss German input mode reads German", setting: "auto", field: "de_CH", reads: "de"),
    .init(behaviour: "auto everywhere detects", picked: "auto", setting: "auto", field: nil, reads: nil),
    .init(behaviour: "an input mode that is no language (emoji) detects", field: "emoji", reads: nil),
    .init(behaviour: "a multilingual input mode (mul) detects", setting: "auto", field: "mul", reads: nil),
    .init(
      behaviour: "an English-only model never reads a French field in French", setting: "auto", field: "fr-FR",
      readable: ["en"], reads: nil),
    .init(
      behaviour: "an English-only model passes over a French pick to an English setting", picked: "fr",
      setting: "en", field: nil, readable: ["en"], reads: "en"),
    .init(
      behaviour: "an English-only model reads a British field in English", setting: "auto", field: "en-GB",
      readable: ["en"], reads: "en"),
    .init(behaviour: "a Brazilian setting stays pt-BR", setting: "pt-BR", field: "fr-CA", reads: "pt-BR"),
    .init(behaviour: "a Brazilian input mode reads pt-BR", setting: "auto", field: "pt_BR", reads: "pt-BR"),
    .init(behaviour: "a Portuguese input mode reads pt", setting: "auto", field: "pt-PT", reads: "pt"),
    .init(
      behaviour: "a model that reads Portuguese reads pt-BR", picked: "pt-BR", setting: nil, field: nil,
      readable: ["en", "pt"], reads: "pt-BR"),
  ]

  @Test("the language a dictation is read in", arguments: cases)
  func decision(_ example: LanguageCase) {
    let decided = DictationLanguage.resolve(
      picked: example.picked, setting: example.setting, field: example.field, readable: example.readable)
    #expect(decided == example.reads)
  }

  @Test(
    "the keyboard decides as the app does, and the app reads its choice with the model's languages",
    arguments: cases)
  func keyboardThenApp(_ example: LanguageCase) {
    let keyboard = KeyboardLanguage.resolve(picked: example.picked, setting: example.setting, field: example.field)
    #expect(
      keyboard == DictationLanguage.resolve(picked: example.picked, setting: example.setting, field: example.field))
    let settings = TranscriptionOptions(language: LanguageChoice(example.setting).tag)
    let app = FieldContext(language: keyboard).transcriptionOptions(from: settings, readable: example.readable)
    #expect(app.language == example.reads)
  }

  @Test(
    "a model's name says which languages it reads: Whisper's .en models English alone",
    arguments: [
      ("tiny.en", ["en"]), ("small.en", ["en"]), ("openai_whisper-base.en", ["en"]), ("base", nil),
      ("large-v3", nil), ("whisper-1", nil), ("gpt-4o-transcribe", nil), ("parakeet-tdt-0.6b-v2", ["en"]),
      ("parakeet-tdt-0.6b-v3", SpokenLanguage.parakeetV3),
    ] as [(String, Set<String>?)])
  func modelLanguages(model: String, readable: Set<String>?) {
    #expect(SpokenLanguage.readable(byModel: model) == readable)
    #expect(NamedModelEngine(model: model).readableLanguages == readable)
  }

  @Test("the pipeline asks an English-only model for no French, and a multilingual one for the field's French")
  func pipelineAsksTheModel() throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let pipeline = TestPipeline.pipeline(ScriptedEngine([]), store: store)
    let french = DictationPipeline.Request(field: FieldContext(language: "fr"))
    #expect(pipeline.options(for: french, on: NamedModelEngine(model: "tiny.en")).language == nil)
    #expect(pipeline.options(for: french, on: NamedModelEngine(model: "small")).language == "fr")
    let brazilian = DictationPipeline.Request(field: FieldContext(language: "pt-BR"))
    #expect(pipeline.options(for: brazilian, on: NamedModelEngine(model: "small")).language == "pt-BR")
  }
}
