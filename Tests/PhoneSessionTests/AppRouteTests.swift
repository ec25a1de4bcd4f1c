import Foundation
import PhoneSession
import Testing

@Suite("Links, intents and widgets open the right screen")
struct AppRouteTests {
  @Test(
    "utter:// links",
    arguments: [
      ("utter://activate?source=keyboard", AppRoute.activate), ("UTTER://dictate", .dictate(.widget)),
      ("utter://dictate?from=control", .dictate(.shortcut)), ("utter://dictate?from=elsewhere", .dictate(.widget)),
      ("utter://note", .newNote),
      ("utter://open", .home), ("utter://", .home),
    ])
  func links(url: String, route: AppRoute) {
    #expect(URL(string: url).flatMap(AppRoute.init(url:)) == route)
  }

  @Test("other schemes and unknown hosts open nothing")
  func unknown() {
    #expect(URL(string: "https://dictate").flatMap(AppRoute.init(url:)) == nil)
    #expect(URL(string: "utter://settings").flatMap(AppRoute.init(url:)) == nil)
  }

  @Test("the keyboard's request opens the session only after onboarding; notes and dictation show their screen")
  func presentation() {
    #expect(AppRoute.activate.presentation(onboarded: false) == nil)
    #expect(
      AppRoute.activate.presentation(onboarded: true).map { [$0.screen == .activate, $0.opensSession] } == [true, true])
    #expect(
      AppRoute.newNote.presentation(onboarded: false).map { [$0.screen == .newNote, $0.opensSession] } == [true, false])
    #expect(AppRoute.home.presentation(onboarded: true).map { [$0.screen == nil, $0.opensSession] } == [true, false])
  }
}
