import Foundation
import KeyboardModel
import Locations
import SessionChannel
import TestSupport
import Testing

/// The view controller's part, played by the test.
@MainActor
final class HostStandIn: KeyboardHost {
  var fieldTraits: (keyboardType: String?, contentType: String?) { ("emailAddress", nil) }
  var returnKeyLabel: String { "send" }
  var deleted = 0
  var opened: [URL] = []
  var refuseToOpen = true

  func deleteBackward(characters count: Int) { deleted += count }

  func openContainingApp(_ url: URL, completion: @escaping @MainActor (Bool) -> Void) {
    opened.append(url)
    completion(!refuseToOpen)
  }
}

@Suite("The keyboard's view model", .serialized)
struct KeyboardViewModelTests {
  @Test("a tap with no app running opens the app; when iOS refuses, the keyboard says what to do in one line")
  func opensTheApp() async throws {
    let folder = try TemporaryDirectory("utter-keyboard-view")
    defer { folder.remove() }
    let (keyboard, host) = try await Self.tapWithNoApp(in: folder, refuse: true)
    #expect(await eventually { await MainActor.run { !host.opened.isEmpty } })
    #expect(await MainActor.run { host.opened.first } == KeyboardViewModel<SimulatedTextField>.activationURL)
    #expect(await eventually { await MainActor.run { keyboard.phase == .failed(.appCouldNotOpen) } })
    #expect(KeyboardProblem.appCouldNotOpen.message == "Open Utter, then swipe back to this app.")
    await keyboard.disappear()
  }

  @MainActor
  static func tapWithNoApp(in folder: TemporaryDirectory, refuse: Bool) throws -> (
    KeyboardViewModel<SimulatedTextField>, HostStandIn
  ) {
    let keyboard = KeyboardViewModel(
      fullAccess: true, shared: SharedFolder(appGroup: folder.url), document: SimulatedTextField(),
      notifier: { SilentNotifier() })
    let host = HostStandIn()
    host.refuseToOpen = refuse
    keyboard.host = host
    keyboard.appear()
    keyboard.tapMicrophone()
    return (keyboard, host)
  }

  @Test("without Full Access the keyboard never touches the shared folder; a missing App Group is said in one line")
  func withoutAccess() async throws {
    let folder = try TemporaryDirectory("utter-keyboard-view")
    defer { folder.remove() }
    let shared = SharedFolder(appGroup: folder.url)
    await MainActor.run {
      let locked = KeyboardViewModel(
        fullAccess: false, shared: shared, document: SimulatedTextField(), notifier: { SilentNotifier() })
      locked.appear()
      locked.tapMicrophone()
      #expect(!FileManager.default.fileExists(atPath: shared.channel.path))
      #expect(locked.phase == .inactive)

      let orphan = KeyboardViewModel(
        fullAccess: true, shared: nil, document: SimulatedTextField(), notifier: { SilentNotifier() })
      orphan.appear()
      #expect(orphan.notice == "Utter's shared folder is missing. Reinstall Utter.")
    }
  }
}
