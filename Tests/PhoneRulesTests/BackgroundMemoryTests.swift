import PhoneRules
import Testing

@Suite("Background memory: a model is loaded on screen or for a dictation, and let go in the background")
struct BackgroundMemoryTests {
  @Test(
    "who may load a model",
    arguments: [
      (BackgroundMemory.Presence.foreground, false, true),
      (.foreground, true, true),
      (.backgroundWithSession, true, true),
      (.backgroundWithSession, false, false),
      (.background, true, true),
      (.background, false, false),
    ])
  func mayLoad(presence: BackgroundMemory.Presence, forDictation: Bool, allowed: Bool) {
    #expect(BackgroundMemory.mayLoadModel(presence, forDictation: forDictation) == allowed)
  }

  @Test(
    "when a loaded model must go",
    arguments: [
      (BackgroundMemory.Presence.foreground, false, false, false),
      (.foreground, true, false, true),
      (.foreground, true, true, false),
      (.background, false, false, true),
      (.background, false, true, false),
      (.backgroundWithSession, false, false, false),
      (.backgroundWithSession, true, false, true),
    ])
  func release(presence: BackgroundMemory.Presence, warning: Bool, inUse: Bool, released: Bool) {
    #expect(BackgroundMemory.mustRelease(presence, memoryWarning: warning, inUse: inUse) == released)
  }
}
