import Testing

@testable import Storage

@Suite("Full-text query building")
struct FullTextQueryTests {
  @Test("every typed word becomes a quoted prefix term")
  func wordsArePrefixes() {
    #expect(FullTextQuery.pattern(for: "kube deploy") == "\"kube\"* \"deploy\"*")
  }

  @Test("text in double quotes becomes an exact phrase")
  func quotedPhrase() {
    #expect(FullTextQuery.pattern(for: "\"pull request\" review") == "\"pull request\" \"review\"*")
  }

  @Test("operators and punctuation are plain words, never syntax")
  func hostileInput() {
    #expect(FullTextQuery.pattern(for: "AND OR NOT") == "\"AND\"* \"OR\"* \"NOT\"*")
    #expect(FullTextQuery.pattern(for: "finalText: x*") == "\"finalText\"* \"x\"*")
    #expect(FullTextQuery.pattern(for: "***  \"\" ()") == nil)
    #expect(FullTextQuery.pattern(for: "") == nil)
  }

  @Test("a word with an apostrophe searches as one phrase")
  func apostrophe() {
    #expect(FullTextQuery.pattern(for: "don't") == "\"don t\"*")
  }
}
