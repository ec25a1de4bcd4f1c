import Dictation
import DictationValues
import Foundation
import RemoteDictation
import SpeechEngine
import SpeechReading
import Storage
import Testing

@Suite("One reading of `auto`: settings, fields, the engines and your own server agree")
struct LanguageChoiceTests {
  @Test(
    "auto in any case, empty and none detect the language; a tag is kept as written",
    arguments: [
      ("auto", nil), ("AUTO", nil), ("", nil), ("fr", "fr"), ("pt-BR", "pt-BR"),
    ] as [(String, String?)])
  func reading(text: String, tag: String?) {
    #expect(LanguageChoice(text).tag == tag)
    #expect(LanguageChoice(text).isAutomatic == (tag == nil))
  }

  @Test("a field, the settings, the live address and the settings check read auto the same way")
  func everyReaderAgrees() throws {
    let base = TranscriptionOptions(language: "de")
    #expect(FieldContext(language: "auto").transcriptionOptions(from: base).language == "de")
    #expect(FieldContext(language: "fr").transcriptionOptions(from: base).language == "fr")

    var settings = UtterSettings()
    #expect(settings.language == LanguageChoice.automatic)
    #expect(DictationSettings(settings: settings).language == nil)
    settings.language = "fr"
    #expect(DictationSettings(settings: settings).language == "fr")

    let server = try #require(RemoteServer(address: "http://192.168.1.20:8080/v1"))
    #expect(server.liveURL(language: "auto")?.query == nil)
    #expect(server.liveURL(language: "fr")?.query == "language=fr")
    let small = try #require(RemoteServer(address: "http://192.168.1.20:8080/v1", model: "small.en"))
    #expect(small.liveURL(language: "fr")?.query == "model=small.en&language=fr", "live asks for the uploads' model")

    #expect(SpokenLanguage.isKnown("auto") && SpokenLanguage.isKnown("fr") && !SpokenLanguage.isKnown(""))
  }
}
