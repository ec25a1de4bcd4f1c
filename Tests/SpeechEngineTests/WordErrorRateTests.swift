import SpeechEngine
import Testing

@Suite("Word error rate")
struct WordErrorRateTests {
  @Test("identical text after normalisation has no errors")
  func normalisedMatch() {
    let count = WordErrorRate.count(
      reference: "and mister john dashwood had then leisure", hypothesis: "And Mr. John Dashwood had, then, leisure.")
    #expect(count.errors == 0)
    #expect(count.referenceWords == 7)
  }

  @Test("digits count as the words a speaker said")
  func digitsAsWords() {
    #expect(WordErrorRate.count(reference: "go forward ten meters", hypothesis: "Go forward 10 meters.").errors == 0)
    #expect(WordErrorRate.normalizedWords("1,250") == ["one", "two", "hundred", "fifty"])
    #expect(WordErrorRate.normalizedWords("42") == ["forty", "two"])
  }

  @Test("substitutions, deletions and insertions are counted apart")
  func editKinds() {
    let count = WordErrorRate.count(
      reference: "he was not an ill disposed young man", hypothesis: "he was an old disposed young young man")
    #expect(count.substitutions == 1)
    #expect(count.deletions == 1)
    #expect(count.insertions == 1)
    #expect(count.rate == 3.0 / 8.0)
  }

  @Test("an empty hypothesis deletes every reference word")
  func emptyHypothesis() {
    let count = WordErrorRate.count(reference: "seven of clubs", hypothesis: "")
    #expect(count.deletions == 3)
    #expect(count.rate == 1)
  }

  @Test("text where none was spoken is all insertions")
  func emptyReference() {
    let count = WordErrorRate.count(reference: "", hypothesis: "Thank you.")
    #expect(count.insertions == 2)
    #expect(count.rate == 1)
  }
}
