import Foundation
import KeyboardModel
import KeyboardSimulation
import SessionChannel
import Storage
import TestSupport
import Testing

/// The view controller's part, played by the test.
@MainActor
final class HostStandIn: KeyboardHost {
  var fieldTraits: (keyboardType: String?, contentType: String?) { ("emailAddress", nil) }
  var opened: [URL] = []
  var refuseToOpen = true

  func openContainingApp(_ url: URL, completion: @escaping @MainActor @Sendable (Bool) -> Void) {
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

  @Test("the keys follow the field's type from the host; the settings the app shares are read again as it appears")
  func fieldTypeAndFreshSettings() async throws {
    let folder = try TemporaryDirectory("utter-keyboard-view")
    defer { folder.remove() }
    let shared = SharedFolder(appGroup: folder.url)
    var settings = KeyboardSettings()
    (settings.appearance, settings.dictionaryTerms) = ("dark", ["Kubernetes"])
    try settings.write(to: shared)
    let (keyboard, host) = await MainActor.run {
      let keyboard = KeyboardViewModel(
        fullAccess: true, shared: shared, document: SimulatedTextField(), notifier: { SilentNotifier() })
      let host = HostStandIn()
      keyboard.host = host
      keyboard.appear()
      keyboard.fieldChanged(language: nil, capitalization: 0, returnLabel: "return")
      return (keyboard, host)
    }
    let emailKeys = { await MainActor.run { keyboard.typing.typing.rows.last?.contains(.character("@")) == true } }
    #expect(await eventually(emailKeys))
    #expect(await MainActor.run { keyboard.settings.interfaceStyleRawValue } == 2, "Dark")
    await MainActor.run { keyboard.disappear() }

    // The user switches to Utter, picks Light and adds a name, and comes back to the field.
    (settings.appearance, settings.dictionaryTerms) = ("light", ["Kubernetes", "Siobhan"])
    try settings.write(to: shared)
    await MainActor.run { keyboard.appear() }
    #expect(await MainActor.run { keyboard.settings.interfaceStyleRawValue } == 1, "Light, without a new keyboard")
    await MainActor.run { for letter in "sio" { keyboard.send(.key(.character(String(letter)))) } }
    #expect(await eventually { await MainActor.run { keyboard.suggestions(candidates: []) == ["Siobhan"] } })
    #expect(await MainActor.run { host.opened.isEmpty })
    await MainActor.run { keyboard.disappear() }
  }

  @Test(
    "without Full Access the keys type and the mic explains, the shared folder untouched; a missing App Group is said"
  )
  func withoutAccess() async throws {
    let folder = try TemporaryDirectory("utter-keyboard-view")
    defer { folder.remove() }
    let shared = SharedFolder(appGroup: folder.url)
    let locked = await MainActor.run {
      let locked = KeyboardViewModel(
        fullAccess: false, shared: shared, document: SimulatedTextField(), notifier: { SilentNotifier() })
      locked.appear()
      locked.fieldChanged(language: "fr-FR", capitalization: 2, returnLabel: "send")
      for letter in "salut" { locked.send(.key(.character(String(letter)))) }
      locked.tapMicrophone()
      return locked
    }
    #expect(await eventually { await MainActor.run { locked.phase == .failed(.needsFullAccess) } })
    #expect(await eventually { await MainActor.run { locked.typing.word == "Salut" } })
    let typing = await MainActor.run { locked.typing }
    #expect(typing.typing.layout == .azerty)
    #expect(typing.typing.returnLabel == "send")
    #expect(!FileManager.default.fileExists(atPath: shared.channel.path))
    await MainActor.run {
      let orphan = KeyboardViewModel(
        fullAccess: true, shared: nil, document: SimulatedTextField(), notifier: { SilentNotifier() })
      orphan.appear()
      #expect(orphan.notice == "Utter's shared folder is missing. Reinstall Utter.")
    }
  }
}
