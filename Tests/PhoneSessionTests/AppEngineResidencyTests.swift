import Dictation
import PhoneSession
import Testing

@Suite("When the app holds the engine outside a flow session, by why it runs")
struct AppEngineResidencyTests {
  typealias Event = AppEngineResidency.Event
  typealias Effect = AppEngineResidency.Effect

  /// Each case: its name, whether onboarding is done, the events (with whether a session is on at each), the
  /// effects of the last event.
  static let cases: [(String, Bool, [(Event, Bool)], [Effect])] = [
    (
      "the user opens the app: the engine loads ahead of the first dictation", true, [(.becameActive, false)],
      [.preload]
    ),
    ("before onboarding there is no engine to load", false, [(.becameActive, false)], []),
    ("a launch for background download events loads nothing", true, [(.downloadEvents, false)], []),
    (
      "download events while the app was on screen load nothing more", true,
      [(.becameActive, false), (.downloadEvents, false)], []
    ),
    (
      "an intent that ends the session from the Live Activity loads nothing", true, [(.intent(opensApp: false), false)],
      []
    ),
    (
      "an intent that opens the app loads nothing itself (its dictation loads behind the tap)", true,
      [(.intent(opensApp: true), false)], []
    ),
    ("the keyboard's request opens a session: its host loads, not the app", true, [(.sessionChanged, true)], []),
    (
      "the keyboard brings the app forward with its session: the host loads, not the app", true,
      [(.sessionChanged, true), (.becameActive, true)], []
    ),
    (
      "leaving the screen without a session lets the engine go", true,
      [(.becameActive, false), (.enteredBackground, false)], [.unload]
    ),
    (
      "leaving the screen with a session keeps it for the keyboard", true,
      [(.becameActive, false), (.enteredBackground, true)], []
    ),
    (
      "the session ends in the background: the engine goes", true,
      [(.sessionChanged, true), (.sessionChanged, false)], [.unload]
    ),
    (
      "the session ends on screen: the engine stays for the app's own button", true,
      [(.becameActive, true), (.sessionChanged, false)], []
    ),
    (
      "a memory warning without a session lets the engine go", true,
      [(.becameActive, false), (.memoryWarning, false)], [.unload]
    ),
    (
      "a memory warning with a session goes to the host (it lets go after the dictation)", true,
      [(.becameActive, true), (.memoryWarning, true)], [.warnSession]
    ),
    ("choosing an engine on screen loads it", true, [(.becameActive, false), (.engineChosen, false)], [.preload]),
    (
      "finishing onboarding on screen loads the engine", false, [(.becameActive, false), (.onboarded, false)],
      [.preload]
    ),
    ("an engine chosen from a background launch is not loaded", true, [(.engineChosen, false)], []),
  ]

  @Test("by launch reason and app state", arguments: cases.indices)
  func residency(_ index: Int) {
    let (name, onboarded, events, expected) = Self.cases[index]
    var residency = AppEngineResidency(onboarded: onboarded)
    var last: [Effect] = []
    for (event, sessionOn) in events { last = residency.handle(event, sessionOn: sessionOn) }
    #expect(last == expected, "\(name)")
  }
}
