import DictationValues
import Foundation
import Testing

@testable import TextPipeline

@Suite("Robustness")
struct RobustnessTests {
  static let oddInputs: [String] = [
    "", " ", ",,,", "...", "\"", "((", ")", "-", "no wait", "scratch that", "period period period",
    "i mean i mean", "\n\n\n", "a\r\nb", "cafe\u{301} naïve", "👨‍👩‍👧 family", "مرحبا بالعالم", "comma",
    "open quote", "close quote close quote", "um um um um", "the the the the the", "new line new line",
    "actually no no wait sorry I mean", "dot com", "at dot com", "I- I- I-", "- - -", "\" \" \"",
    "question mark?", "e.g.", "U.S.A.", "1.2.3.4", "a.b", "#", "@", "http://", "th-", "please open notes",
    "cd /Users/Sam", "wait,", "no no no", "ch che", "the fifth of", "plus one", "quarter past", "a quarter to",
    "groceries bullet point", "scratch that, tuesday", "five dollars fifty cents and",
  ]

  @Test("odd input never crashes and leaves no doubled or misplaced spaces", arguments: oddInputs)
  func oddInput(_ input: String) {
    let pipeline = TextPipeline(configuration: TextPipelineTests.configuration)
    for context in [nil, "", "I think", "Done."] {
      let text = pipeline.run(input, context: FieldContext(textBeforeCursor: context ?? "")).text
      #expect(!text.contains("  "), "\(input) → \(text)")
      #expect(!text.contains(" ,") && !text.contains(" ."), "\(input) → \(text)")
    }
  }

  @Test(
    "cleaning up already clean text changes nothing", arguments: TextPipelineTests.cases.filter { $0.before == nil })
  func idempotent(_ golden: GoldenCase) {
    let pipeline = TextPipeline(configuration: TextPipelineTests.configuration)
    let once = pipeline.run(golden.input).text
    #expect(pipeline.run(once).text == once)
  }

  @Test("a very long dictation is cleaned in one piece")
  func longDictation() {
    let sentence = "so um the the plan is, you know, fine period "
    let text = TextPipeline().run(String(repeating: sentence, count: 400)).text
    #expect(text.hasPrefix("So the plan is fine. So the plan is fine."))
    #expect(text.hasSuffix("So the plan is fine."))
    #expect(!text.contains("um") && !text.contains("the the") && !text.contains("you know"))
  }

  @Test("a long run with no punctuation at all keeps every number, address and mark whole")
  func longRunWithoutPunctuation() {
    let phrase = "call me at five five five one two three four about example dot com slash pricing question mark "
    let text = TextPipeline().run(String(repeating: phrase, count: 300)).text
    #expect(text.components(separatedBy: "555-1234").count - 1 == 300)
    #expect(text.components(separatedBy: "example.com/pricing?").count - 1 == 300)
    #expect(!text.contains("five") && !text.contains(" dot ") && !text.contains("question"))
  }
}

@Suite("The trace explains each removal")
struct RemovalReasonTests {
  @Test("every word a stage removes is named in the trace with the reason")
  func reasons() {
    let result = TextPipeline().run("um so the the plan is, you know, fine no wait great [noise]")
    let reasons = Dictionary(grouping: result.trace, by: \.stage).mapValues { $0.flatMap(\.reasons) }
    #expect(reasons["fillers"]?.contains("'um': a hesitation sound") == true)
    #expect(reasons["fillers"]?.contains("'[ noise ]': a sound the engine described, not words") == true)
    #expect(reasons["fillers"]?.contains("', you know ,': a filler phrase set off from the sentence") == true)
    #expect(reasons["repetitions"] == ["'the': the same word said again in a row (a stutter)"])
    #expect(reasons["corrections"] == ["'fine no wait': the words a spoken correction replaces"])
    #expect(result.text == "So the plan is great.")
  }
}
