import DictationValues
import Testing

@Suite("What the Live Activity says")
struct SessionActivityLabelTests {
  @Test("the words of the session, one word in the singular, none and many in the plural")
  func wordsLabel() {
    let state = { (words: Int) in SessionActivityState(phase: .ready, wordsThisSession: words, endsAt: nil) }
    #expect(state(0).wordsLabel == "0 words this session")
    #expect(state(1).wordsLabel == "1 word this session")
    #expect(state(12).wordsLabel == "12 words this session")
  }
}
