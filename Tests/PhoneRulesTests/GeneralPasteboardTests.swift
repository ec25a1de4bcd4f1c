import PhoneRules
import Testing

@Suite("The phone's rule: who may write the general pasteboard")
struct GeneralPasteboardTests {
  @Test(
    "the app on screen and a keyboard with Full Access may; the app in the background and a keyboard without may not",
    arguments: [
      (GeneralPasteboard.Writer.app(.foreground), nil),
      (.app(.background), GeneralPasteboard.Refusal.appNotOnScreen),
      (.keyboard(hasFullAccess: true), nil),
      (.keyboard(hasFullAccess: false), .keyboardWithoutFullAccess),
    ] as [(GeneralPasteboard.Writer, GeneralPasteboard.Refusal?)])
  func refusals(writer: GeneralPasteboard.Writer, refusal: GeneralPasteboard.Refusal?) {
    #expect(GeneralPasteboard.refusal(writer) == refusal)
  }

  @Test("the simulated pasteboard keeps only what iOS would keep, and says why not")
  func simulated() {
    var pasteboard = GeneralPasteboard.Simulated()
    #expect(throws: GeneralPasteboard.Refusal.keyboardWithoutFullAccess) {
      try pasteboard.write("Hello.", by: .keyboard(hasFullAccess: false))
    }
    #expect(pasteboard.string == nil)
    #expect(throws: GeneralPasteboard.Refusal.appNotOnScreen) { try pasteboard.write("Hello.", by: .app(.background)) }
    #expect(pasteboard.string == nil)
    #expect(throws: Never.self) { try pasteboard.write("Hello.", by: .keyboard(hasFullAccess: true)) }
    #expect(pasteboard.string == "Hello.")
    #expect(
      GeneralPasteboard.Refusal.keyboardWithoutFullAccess.description
        == "a keyboard without Full Access cannot use the general pasteboard")
  }
}
