import PhoneSession
import Testing

@Suite("The sounds and taps a dictation plays, as the user allows them")
struct CueFeedbackTests {
  @Test("start and stop tap and sound; delivery and failure only tap")
  func all() {
    let both = CueFeedback(haptics: true, sounds: true)
    #expect(both.play(.started) == (.mediumImpact, 1113))
    #expect(both.play(.stopped) == (.lightImpact, 1114))
    #expect(both.play(.delivered) == (.success, nil))
    #expect(both.play(.failed) == (.error, nil))
  }

  @Test("sounds off plays no sound; taps off plays no tap")
  func allowed() {
    #expect(CueFeedback(haptics: true, sounds: false).play(.started) == (.mediumImpact, nil))
    #expect(CueFeedback(haptics: false, sounds: true).play(.started) == (nil, 1113))
    #expect(CueFeedback(haptics: false, sounds: false).play(.failed) == (nil, nil))
  }
}
