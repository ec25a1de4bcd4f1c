import DictationValues
import Testing

@testable import TextPipeline

@Suite("Clean-up in the dictation's language")
struct CleanupLanguageTests {
  @Test("text in another language skips the stages that read English words; English and unknown text keep them")
  func otherLanguages() {
    let pipeline = TextPipeline()
    let french = FieldContext(language: "fr")
    // "colon" is a word in French (a settler), "like" a filler only in English.
    #expect(pipeline.run("le colon est arrivé hier", context: french).text == "Le colon est arrivé hier.")
    #expect(pipeline.run("c'est like génial", context: french).text == "C'est like génial.")
    #expect(pipeline.run("il a six ans", context: FieldContext(language: "fr-FR")).text == "Il a six ans.")
    // Stutters and sentences are the same in every language.
    #expect(pipeline.run("je je pense que oui", context: french).text == "Je pense que oui.")
    #expect(pipeline.run("the list colon milk", context: FieldContext(language: "en-GB")).text == "The list: milk.")
    #expect(pipeline.run("the list colon milk").text == "The list: milk.")
    #expect(pipeline.run("the list colon milk", context: FieldContext(language: "auto")).text == "The list: milk.")
  }
}
