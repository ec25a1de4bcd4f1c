import Storage
import Testing

@Suite("The app's appearance setting")
struct AppearanceChoiceTests {
  @Test("light and dark are forced; system follows the phone")
  func schemes() {
    #expect(AppearanceChoice.light.prefersDark == false)
    #expect(AppearanceChoice.dark.prefersDark == true)
    #expect(AppearanceChoice.system.prefersDark == nil)
  }
}
