import DictationValues
import KeyboardModel
import SpeechEngine
import Testing

@Suite("One language list for Settings, the keyboard and the engines")
struct OfferedLanguageTests {
  @Test("every language offered is one Whisper reads, offered once")
  func engines() {
    let codes = OfferedLanguage.all.map(\.code)
    #expect(Set(codes).count == codes.count)
    #expect(codes.filter { !SpokenLanguage.isKnown($0) } == [])
    #expect(SpokenLanguage.parakeetV3.count == 25)
    #expect(SpokenLanguage.parakeetV3.subtracting(codes).isEmpty, "every language Parakeet v3 reads is offered")
  }

  @Test("the keyboard's switch offers exactly the list, by the languages' own names")
  func keyboard() {
    #expect(KeyboardLanguage.choices.map(\.code) == OfferedLanguage.all.map(\.code))
    #expect(KeyboardLanguage.choices.first { $0.code == "fr" }?.name == "Français")
    #expect(OfferedLanguage.all.first { $0.code == "fr" }?.name == "French")
  }

  @Test("a language picked from the list is the one the keyboard resolves to")
  func resolves() {
    for language in OfferedLanguage.all {
      #expect(KeyboardLanguage.resolve(picked: language.code, setting: nil, field: nil) == language.code)
    }
    #expect(KeyboardLanguage.resolve(picked: nil, setting: LanguageChoice.automatic, field: nil) == nil)
  }
}
