import Dictation
import DictationValues
import LLMPolish
import Storage
import Testing

@Suite("Dictation styles")
struct DictationStyleTests {
  @Test("the default setting, 'natural', is a real style: full sentences, tone chosen by the field")
  func naturalIsDefault() {
    let style = DictationStyle.resolve(setting: UtterSettings().polishStyle, saved: [], field: nil)
    #expect(style == .natural)
    #expect(style.text == .formal)
    #expect(style.polish == nil)
  }

  @Test("the setting picks a built-in style for both stages")
  func builtInStyle() {
    let style = DictationStyle.resolve(setting: "very-casual", saved: [], field: nil)
    #expect(style.text == .veryCasual)
    #expect(style.polish == .veryCasual)
    #expect(DictationStyle.resolve(setting: "verbatim", saved: [], field: nil).allowsPolish == false)
  }

  @Test("a saved style that claims the field's kind wins over the setting, and its prompt is the polisher's style")
  func savedStyleClaimsField() {
    let pirate = SavedStyle(name: "Pirate", kind: "casual", prompt: "Write like a pirate.", defaultContexts: ["chat"])
    let work = SavedStyle(name: "Work", kind: "formal", prompt: nil, defaultContexts: ["email"])
    let chat = FieldContext(keyboardType: "twitter")
    let style = DictationStyle.resolve(setting: "Work", saved: [pirate, work], field: chat)
    #expect(style.name == "Pirate")
    #expect(style.text == .casual)
    #expect(style.polish == .custom(prompt: "Write like a pirate."))
    let elsewhere = DictationStyle.resolve(setting: "work", saved: [pirate, work], field: FieldContext())
    #expect(elsewhere.name == "Work", "the setting names a saved style, case-insensitively")
    #expect(elsewhere.polish == .formal)
  }

  @Test("an app's bundle id claims a style too; an unknown setting falls back to natural")
  func appClaimAndFallback() {
    let slack = SavedStyle(name: "Slack", kind: "very-casual", defaultContexts: ["com.tinyspeck.chatlyio"])
    let field = FieldContext(appBundleID: "com.tinyspeck.chatlyio")
    #expect(DictationStyle.resolve(setting: "natural", saved: [slack], field: field).name == "Slack")
    #expect(DictationStyle.resolve(setting: "gone", saved: [slack], field: FieldContext()) == .natural)
  }

  @Test("a style picked on the keyboard beats the field's claim and the setting; an unknown pick is ignored")
  func pickedOnKeyboard() {
    let pirate = SavedStyle(name: "Pirate", kind: "casual", prompt: "Write like a pirate.", defaultContexts: ["chat"])
    let chat = FieldContext(keyboardType: "twitter", style: "verbatim")
    #expect(DictationStyle.resolve(setting: "formal", saved: [pirate], field: chat).text == .verbatim)
    #expect(
      DictationStyle.resolve(setting: "formal", saved: [pirate], field: FieldContext(style: "pirate")).name == "Pirate")
    let unknown = FieldContext(keyboardType: "twitter", style: "gone")
    #expect(DictationStyle.resolve(setting: "formal", saved: [pirate], field: unknown).name == "Pirate")
    #expect(FieldContext.builtInStyles.map(\.name) == DictationStyle.builtIn.map(\.name), "the keyboard's switch")
    #expect(
      FieldContext.builtInStyles.map(\.name).contains(UtterSettings().polishStyle),
      "the app's default-style picker, which lists them, shows the default selected")
  }

  @Test("a style's language in words, in the app's list and its editor, and in utter styles")
  func languageInWords() {
    #expect(StyleSummary.languageLabel(nil) == "as the settings say")
    #expect(StyleSummary.languageLabel("") == "as spoken")
    #expect(StyleSummary.languageLabel("fr") == "French")
    #expect(StyleSummary.languageLabel("pt-BR") == "Portuguese (pt-BR)")
    #expect(StyleSummary.languageLabel("xh") == "xh")
    let chat = SavedStyle(name: "Team", kind: "casual", defaultContexts: ["chat"], translateTo: "en")
    #expect(StyleSummary.detail(chat) == "chat · in English")
    #expect(StyleSummary.detail(SavedStyle(name: "Diary", kind: "verbatim", translateTo: "")) == "verbatim · as spoken")
    #expect(StyleSummary.detail(SavedStyle(name: "Work", kind: "formal", defaultContexts: ["email"])) == "email")
    let choices = StyleSummary.languageChoices(keeping: "pt-BR")
    #expect(choices.prefix(3).map(\.code) == [nil, "", "en"])
    #expect(
      choices.last?.code == "pt-BR" && choices.last?.title == "Portuguese (pt-BR)", "a code saved elsewhere stays")
    #expect(StyleSummary.languageChoices(keeping: "fr").count == OfferedLanguage.all.count + 2)
    #expect(Set(choices.map(\.title)).count == choices.count, "the picker's ids are unique")
  }
}
