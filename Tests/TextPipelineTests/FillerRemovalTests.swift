import Testing

@testable import TextPipeline

@Suite("Filler removal")
struct FillerRemovalTests {
  static let cases: [GoldenCase] = [
    GoldenCase("a sound the engine wrote in brackets goes", "so [background noise] we should go", "so we should go"),
    GoldenCase("a sound the engine wrote in parentheses goes", "we (coughs) should go", "we should go"),
    GoldenCase(
      "words in parentheses that are not a sound stay", "see the notes (in the appendix) later",
      "see the notes (in the appendix) later"),
    GoldenCase("um and uh in capitals are still hesitations", "UM I think UH we go", "I think we go"),
    GoldenCase("ER in capitals is an abbreviation and stays", "the ER was busy", "the ER was busy"),
    GoldenCase("a hesitation between commas goes with its commas", "So, um, we should go.", "So we should go."),
    GoldenCase("a hesitation at the start goes with its comma", "Um, I think so.", "I think so."),
    GoldenCase("hesitations without commas go", "I uh think we erm should", "I think we should"),
    GoldenCase("drawn-out hesitations go, and well keeps its comma", "Ummm, well, hmm, okay.", "well, okay."),
    GoldenCase("you know set off by commas is a filler", "It was, you know, fine.", "It was fine."),
    GoldenCase("you know before an object keeps its words", "You know the answer.", "You know the answer."),
    GoldenCase("I mean at the start of a sentence is a filler", "I mean, it's fine.", "it's fine."),
    GoldenCase("I mean it keeps its words", "I mean it.", "I mean it."),
    GoldenCase("I like it keeps the word like", "I like it.", "I like it."),
    GoldenCase("like set off by commas is a filler", "It was, like, amazing.", "It was amazing."),
    GoldenCase("a filler at the end keeps the final period", "That's all, you know.", "That's all."),
    GoldenCase("you know alone is what the user said", "You know?", "You know?"),
    GoldenCase("mm after a number is a unit", "It is 5 mm wide.", "It is 5 mm wide."),
    GoldenCase("capitalised UM is an abbreviation", "She studied at UM.", "She studied at UM."),
    GoldenCase("uh-huh means yes and stays", "Uh-huh, sounds good.", "Uh-huh, sounds good."),
    GoldenCase(
      "I mean between two names is left for the correction", "Send it to John, I mean, Jane.",
      "Send it to John, I mean, Jane."),
    GoldenCase("a hesitation between sentences goes", "Okay. Uh, next item.", "Okay. next item."),
    GoldenCase("a greeting keeps its comma", "Hey, um, quick question.", "Hey, quick question."),
    GoldenCase(
      "a run of fillers goes with all its commas", "I think it's, um, you know, the best option, like, ever.",
      "I think it's the best option ever."),
    GoldenCase(
      "a hesitation after a URL goes", "see https://example.com/a?b=1 um today", "see https://example.com/a?b=1 today"),
  ]

  @Test("removes fillers", arguments: cases)
  func removesFillers(_ golden: GoldenCase) {
    #expect(FillerRemoval().apply(to: golden.input) == golden.expected)
  }

  @Test("hesitation sounds are recognised and words are not")
  func hesitationSounds() {
    for sound in ["um", "Umm", "uh", "uhh", "erm", "er", "ah", "hmm", "mm", "hm", "Uhm", "UM", "UH"] {
      #expect(FillerRemoval.isHesitation(sound), "\(sound)")
    }
    for word in ["a", "I", "umbrella", "her", "aha", "Ohm", "mum", "ER", "AH", "hum"] {
      #expect(!FillerRemoval.isHesitation(word), "\(word)")
    }
  }
}
