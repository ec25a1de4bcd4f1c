import Dictation
import DictationValues
import LLMPolish
import SessionTestFakes
import Storage
import Testing

@Suite("Dictation formatter: inserted in another language, the original kept")
struct TranslationTests {
  /// A formatter that inserts dictations in English, translating with `provider` (verbatim: no polish request).
  static func formatter(_ provider: any LLMProvider, polish: String = "openai-compatible") -> DictationFormatter {
    var settings = UtterSettings()
    settings.polishProvider = polish
    settings.polishStyle = "verbatim"
    settings.translateTo = "en"
    return DictationFormatter(
      settings: DictationSettings(settings: settings, styles: []), providers: PolishProviders { _, _, _ in provider })
  }

  @Test("a French dictation goes in in English; the French is kept as the original and in the trace")
  func translated() async {
    let provider = RecordingProvider { _ in "See you tomorrow at 8 at the station." }
    let (text, _) = await Self.formatter(provider).format(
      "on se voit demain à 8 heures à la gare", field: FieldContext(language: "fr"))
    #expect(text.text == "See you tomorrow at 8 at the station.")
    #expect(text.original == "on se voit demain à 8 heures à la gare")
    #expect(text.notice == nil)
    #expect(text.trace.last?.stage == "translate (into en)")
    #expect(provider.requests.count == 1 && provider.requests[0].system.contains("into English"))
  }

  @Test("an answer that is no translation keeps the dictation as spoken, saying why in one line")
  func refused() async {
    for (reply, why) in [
      ("See you tomorrow at 9 at the station.", "the model changed a number"),
      (
        "Sure! Here is a long answer about trains, stations, timetables and how to get there by bus or car.",
        "the model's answer is"
      ),
      ("", "the model returned nothing"),
    ] {
      let (text, _) = await Self.formatter(RecordingProvider { _ in reply }).format(
        "on se voit demain à 8 heures", field: FieldContext(language: "fr"))
      #expect(text.text == "on se voit demain à 8 heures", "\(reply)")
      #expect(text.original == nil)
      #expect(text.notice?.hasPrefix("Not translated: \(why)") == true, "\(text.notice ?? "")")
    }
  }

  @Test("spoken in the language it goes in, or with no provider to translate: as spoken, and no request")
  func notTranslated() async {
    let provider = RecordingProvider { _ in "unused" }
    let (english, _) = await Self.formatter(provider).format("see you tomorrow", field: FieldContext(language: "en"))
    #expect(english.text == "see you tomorrow" && english.notice == nil)
    let (french, _) = await Self.formatter(provider, polish: "none").format(
      "à demain", field: FieldContext(language: "fr"))
    #expect(french.text == "à demain")
    #expect(french.notice == "Not translated: translation uses the polish provider, and none is chosen")
    #expect(provider.requests.isEmpty)
  }

  @Test("the device's own translation goes first; where it cannot (languages not installed), the provider's")
  func onDeviceFirst() async {
    var settings = UtterSettings()
    (settings.polishProvider, settings.polishStyle, settings.translateTo) = ("openai-compatible", "verbatim", "en")
    let provider = RecordingProvider { _ in "See you tomorrow." }
    for installed in [true, false] {
      let providers = PolishProviders(
        translate: { text, source, target in
          installed && source == "fr" && target == "en" ? "See you tomorrow (on the device)." : nil
        }, make: { _, _, _ in provider })
      let formatter = DictationFormatter(
        settings: DictationSettings(settings: settings, styles: []), providers: providers)
      let (text, _) = await formatter.format("à demain", field: FieldContext(language: "fr"))
      #expect(text.text == (installed ? "See you tomorrow (on the device)." : "See you tomorrow."))
      #expect(text.original == "à demain")
    }
    #expect(provider.requests.count == 1, "the provider only where the device could not")
  }

  @Test("a saved style inserts in its own language: picked on the keyboard, or claiming the field's kind")
  func styleLanguage() async {
    var settings = UtterSettings()
    (settings.polishProvider, settings.polishStyle) = ("openai-compatible", "verbatim")
    let styles = [
      SavedStyle(name: "To Ana", kind: "verbatim", translateTo: "pt"),
      SavedStyle(name: "Team chat", kind: "verbatim", defaultContexts: ["chat"], translateTo: "en"),
      SavedStyle(name: "Dear diary", kind: "verbatim", defaultContexts: ["email"], translateTo: ""),
    ]
    let provider = RecordingProvider { _ in "Translated at the station." }
    let formatter = { (setting: String) in
      settings.translateTo = setting
      return DictationFormatter(
        settings: DictationSettings(settings: settings, styles: styles),
        providers: PolishProviders { _, _, _ in provider })
    }
    let spoken = "à demain à la gare"
    let picked = await formatter("").format(spoken, field: FieldContext(language: "fr", style: "to ana"))
    #expect(picked.text.text == "Translated at the station." && picked.text.original == spoken)
    #expect(provider.requests.last?.system.contains("into Portuguese") == true, "the picked style's language")
    let chat = await formatter("").format(spoken, field: FieldContext(keyboardType: "twitter", language: "fr"))
    #expect(chat.text.text == "Translated at the station.", "the chat style claims the field")
    #expect(provider.requests.last?.system.contains("into English") == true)
    let elsewhere = await formatter("").format(spoken, field: FieldContext(language: "fr"))
    #expect(elsewhere.text.text == spoken && elsewhere.text.original == nil, "no style, no setting: as spoken")
    let mail = await formatter("en").format(spoken, field: FieldContext(contentType: "emailAddress", language: "fr"))
    #expect(mail.text.text == spoken, "a style that says as spoken wins over the setting")
    let override = DictationFormatter(
      settings: DictationSettings(settings: settings, styles: styles),
      providers: PolishProviders { _, _, _ in provider },
      translateTo: "en")
    let run = await override.format(spoken, field: FieldContext(language: "fr", style: "to ana"))
    #expect(run.text.original == spoken)
    #expect(provider.requests.last?.system.contains("into English") == true, "--translate-to, over the style's")
    #expect(provider.requests.count == 3)
  }
}
