import SpeechEngine
import Testing

@Suite("Contextual biasing: the decoder prefers the user's terms, within bounds")
struct TermBiasTests {
  // Token ids standing for a tokenizer's pieces: " Post" 10, "gres" 11, "SQL" 12; " Tail" 20, "scale" 21.
  let bias = TermBias(
    sequences: [[10, 11, 12], [20, 21]],
    strength: TermBias.Strength(start: 2, continuation: 4, startWindow: 3, continuationWindow: 6))

  func raised(_ logits: [Float], after decoded: [Int32]) -> [Float] {
    var logits = logits
    logits.withUnsafeMutableBufferPointer { bias.apply(to: $0, after: decoded) }
    return logits
  }

  @Test("a term's first token is raised only when the model already ranks it near its best")
  func startWithinWindow() {
    var logits = [Float](repeating: 0, count: 30)
    logits[5] = 10  // the word the audio says
    logits[10] = 8  // " Post", 2 below: raised past it
    logits[20] = 5  // " Tail", 5 below: outside the start window, left as it is
    let after = raised(logits, after: [1, 2])
    #expect(after[10] == 10)
    #expect(after[20] == 5, "a term far from what is heard is not pushed in")
    #expect(after[5] == 10)
  }

  @Test("a begun term's next token is raised more, and from further away; a finished one raises nothing")
  func continuation() {
    var logits = [Float](repeating: 0, count: 30)
    logits[7] = 10
    logits[11] = 5  // "gres" after " Post": 5 below, within the continuation window
    let after = raised(logits, after: [3, 10])
    #expect(after[11] == 9)
    #expect(after[12] == 0, "SQL comes only after gres: 10 below, beyond the window")
    let next = raised(logits, after: [3, 10, 11])
    #expect(next[11] == 5, "gres again after gres is not part of a term")
    let done = bias.bonuses(after: [10, 11, 12])
    #expect(done[12] == nil && done[11] == nil, "after the whole term only first tokens are offered")
    #expect(done[10]?.continues == false)
  }

  @Test("a token the decoder suppressed stays suppressed, and an empty bias changes nothing")
  func suppressedAndEmpty() {
    var logits = [Float](repeating: 0, count: 30)
    logits[10] = -.infinity
    #expect(raised(logits, after: [])[10] == -.infinity)
    let none = TermBias(sequences: [[]])
    #expect(none.isEmpty)
    var untouched: [Float] = [1, 2, 3]
    untouched.withUnsafeMutableBufferPointer { none.apply(to: $0, after: [1]) }
    #expect(untouched == [1, 2, 3])
  }
}
