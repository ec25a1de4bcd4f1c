import Testing
import WordMatching

/// One edit of an inserted span and the substitutions it should give.
struct AlignmentCase: Sendable, CustomTestStringConvertible {
  var behaviour: String
  var heard: String
  var corrected: String
  var substitutions: [String]
  var rewrite = false

  var testDescription: String { behaviour }
}

@Suite("Aligning inserted text with the user's edit")
struct WordAlignmentTests {
  static let cases: [AlignmentCase] = [
    AlignmentCase(
      behaviour: "a misheard name fixed in place is one substitution",
      heard: "Send the draft to Shivor and I am before lunch.",
      corrected: "Send the draft to Siobhan and I am before lunch.", substitutions: ["Shivor → Siobhan"]),
    AlignmentCase(
      behaviour: "two words merged into a name are one substitution",
      heard: "Send the draft to Siobhan and I am before lunch.",
      corrected: "Send the draft to Siobhan and Niamh before lunch.", substitutions: ["I am → Niamh"]),
    AlignmentCase(
      behaviour: "a word split in two is one substitution", heard: "We host it on GitHub today.",
      corrected: "We host it on Git Hub today.", substitutions: ["GitHub → Git Hub"]),
    AlignmentCase(
      behaviour: "two fixes in one sentence are two substitutions",
      heard: "Send the draft to Shivor and I am before lunch.",
      corrected: "Send the draft to Siobhan and Niamh before lunch.",
      substitutions: ["Shivor → Siobhan", "I am → Niamh"]),
    AlignmentCase(
      behaviour: "a change of case is a substitution", heard: "I bought a new iphone.",
      corrected: "I bought a new iPhone.", substitutions: ["iphone → iPhone"]),
    AlignmentCase(
      behaviour: "punctuation-only edits change nothing", heard: "Well I think so. Let's go",
      corrected: "Well, I think so! Let's go.", substitutions: []),
    AlignmentCase(
      behaviour: "a deleted clause is not a substitution",
      heard: "Send the draft to Siobhan before lunch if you can.", corrected: "Send the draft to Siobhan.",
      substitutions: []),
    AlignmentCase(
      behaviour: "an inserted clause is not a substitution", heard: "Send the draft.",
      corrected: "Send the draft to everyone on the team.", substitutions: []),
    AlignmentCase(
      behaviour: "a retyped sentence is a rewrite (what is learned from nothing)",
      heard: "The meeting moved to three today.", corrected: "Let us talk about it over coffee tomorrow.",
      substitutions: ["The meeting moved to three today → Let us talk about it over coffee tomorrow"], rewrite: true),
    AlignmentCase(
      behaviour: "a rewritten clause of five words is one substitution, whole, not five word by word",
      heard: "We should meet before lunch on the terrace so we can plan the week.",
      corrected: "We should meet after the big review meeting so we can plan the week.",
      substitutions: ["before lunch on the terrace → after the big review meeting"]),
    AlignmentCase(
      behaviour: "a clause of nine words is not reported", heard: "So one two three four five six seven eight nine.",
      corrected: "So a b c d e f g h i.", substitutions: [], rewrite: true),
    AlignmentCase(
      behaviour: "an unchanged span gives nothing", heard: "Nothing changed here.", corrected: "Nothing changed here.",
      substitutions: []),
  ]

  @Test("edits of an inserted span", arguments: cases)
  func edits(_ example: AlignmentCase) {
    let alignment = WordAlignment(heard: example.heard, corrected: example.corrected)
    #expect(alignment.substitutions.map { "\($0.heard) → \($0.corrected)" } == example.substitutions)
    #expect(alignment.isRewrite == example.rewrite)
  }

  @Test("the steps keep the words in order, edge punctuation removed")
  func steps() {
    let alignment = WordAlignment(heard: "to Shivor, please", corrected: "to Siobhan please")
    #expect(
      alignment.steps == [.kept("to"), .changed(heard: ["Shivor"], corrected: ["Siobhan"]), .kept("please")])
    #expect(alignment.heardWordCount == 3)
  }
}
