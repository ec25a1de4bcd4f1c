import Testing
import WordMatching

@testable import TextPipeline

/// One substitution and whether it is learned.
struct LearningCase: Sendable, CustomTestStringConvertible {
  var behaviour: String
  var heard: String
  var corrected: String
  /// nil: rejected; else the kind and whether the heard form is replaced.
  var learned: (LearnableCorrection.Kind, replaces: Bool)?

  var testDescription: String { behaviour }
}

@Suite("Which corrections are learned")
struct LearnableCorrectionTests {
  static let cases: [LearningCase] = [
    LearningCase(
      behaviour: "a misheard name that sounds alike is learned", heard: "Shivor", corrected: "Siobhan",
      learned: (.soundsAlike, replaces: true)),
    LearningCase(
      behaviour: "a name heard as common words is learned as a hint only", heard: "I am", corrected: "Niamh",
      learned: (.soundsAlike, replaces: false)),
    LearningCase(
      behaviour: "jargon split into sound-alike words is learned, audio-checked as it holds a common word",
      heard: "cube and eats", corrected: "Kubernetes", learned: (.soundsAlike, replaces: false)),
    LearningCase(
      behaviour: "a name spelled unlike its sound is refused on spelling alone (the audio must bear it out)",
      heard: "Sivor", corrected: "Siobhan", learned: nil),
    LearningCase(
      behaviour: "a casing form is learned", heard: "iphone", corrected: "iPhone", learned: (.spelling, replaces: true)),
    LearningCase(
      behaviour: "an acronym's casing is learned", heard: "grdb", corrected: "GRDB",
      learned: (.spelling, replaces: true)),
    LearningCase(
      behaviour: "a joined spelling is learned", heard: "git hub", corrected: "GitHub",
      learned: (.spelling, replaces: true)),
    LearningCase(
      behaviour: "capitalising a common word is sentence casing", heard: "send", corrected: "Send", learned: nil),
    LearningCase(
      behaviour: "a common word for another is a change of mind", heard: "lunch", corrected: "dinner", learned: nil),
    LearningCase(
      behaviour: "an ordinary word that sounds alike is a change of mind", heard: "prevent", corrected: "present",
      learned: nil),
    LearningCase(behaviour: "a number word is not a name", heard: "free", corrected: "three", learned: nil),
    LearningCase(
      behaviour: "a product heard as an ordinary word is learned as a hint only", heard: "code", corrected: "Xcode",
      learned: (.soundsAlike, replaces: false)),
    LearningCase(
      behaviour: "a name heard as another name replaces it", heard: "Shimon", corrected: "Siobhan",
      learned: (.soundsAlike, replaces: true)),
    LearningCase(
      behaviour: "another day is a change of mind", heard: "Tuesday", corrected: "Wednesday", learned: nil),
    LearningCase(
      behaviour: "a name that sounds nothing like the heard word is not learned", heard: "Tom", corrected: "Grafana",
      learned: nil),
    LearningCase(behaviour: "punctuation only is not learned", heard: "Siobhan,", corrected: "Siobhan", learned: nil),
    LearningCase(
      behaviour: "a deletion is not learned", heard: "before lunch", corrected: "", learned: nil),
    LearningCase(
      behaviour: "a long rewrite is not learned", heard: "before lunch on the terrace",
      corrected: "after the review meeting today", learned: nil),
  ]

  @Test("candidate rules", arguments: cases)
  func rules(_ example: LearningCase) {
    let verdict = LearnableCorrection.judge(WordSubstitution(heard: example.heard, corrected: example.corrected))
    if let (kind, replaces) = example.learned {
      #expect(verdict.correction?.kind == kind, "\(verdict)")
      #expect(verdict.correction?.replacesHeard == replaces)
      #expect(verdict.correction?.corrected == WordAlignment.words(example.corrected).joined(separator: " "))
    } else {
      #expect(verdict.correction == nil, "\(verdict)")
    }
  }

  @Test("a retyped span teaches nothing even where a word sounds alike")
  func retypedSpan() {
    let alignment = WordAlignment(
      heard: "Shivor will call you back later today.", corrected: "Siobhan phoned, we can talk on Monday instead.")
    #expect(alignment.isRewrite)
    #expect(LearnableCorrection.candidates(in: alignment).isEmpty)
  }

  @Test("the dictation of the issue teaches Siobhan as a rule and Niamh as a hint")
  func issueExample() {
    let alignment = WordAlignment(
      heard: "Send the draft to Shivor and I am before lunch.",
      corrected: "Send the draft to Siobhan and Niamh before lunch.")
    let learned = LearnableCorrection.candidates(in: alignment)
    #expect(learned.map(\.corrected) == ["Siobhan", "Niamh"])
    #expect(learned.map(\.replacesHeard) == [true, false])
  }
}
