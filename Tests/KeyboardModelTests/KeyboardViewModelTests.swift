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

  func openContainingApp(_ url: URL, onFailure: @escaping @MainActor () -> Void) {
    opened.append(url)
    if refuseToOpen { onFailure() }
  }
}

@Suite("The keyboard's view model", .serialized)
struct KeyboardViewModelTests {
  @Test("a tap with no app running opens the app; when iOS refuses, the keyboard says what to do in one line")
  func opensTheApp() async throws {
    let folder = try TemporaryDirectory("utter-keyboard-view")
    defer { folder.remove() }
    let shared = SharedFolder(appGroup: folder.url)
    let (keyboard, host) = await MainActor.run {
      let keyboard = KeyboardViewModel(
        fullAccess: true, shared: shared, document: SimulatedTextField(), notifier: { SilentNotifier() })
      let host = HostStandIn()
      keyboard.host = host
      keyboard.appear()
      keyboard.tapMicrophone()
      return (keyboard, host)
    }
    #expect(await eventually { await MainActor.run { !host.opened.isEmpty } })
    await MainActor.run {
      #expect(host.opened.first == KeyboardViewModel<SimulatedTextField>.activationURL)
      #expect(keyboard.notice == KeyboardViewModel<SimulatedTextField>.openAppFallback)
    }
    // The tap is kept until the app is up: the keyboard waits for it rather than dropping the dictation.
    #expect(await eventually { await MainActor.run { if case .activating = keyboard.phase { true } else { false } } })
    await keyboard.disappear()
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
