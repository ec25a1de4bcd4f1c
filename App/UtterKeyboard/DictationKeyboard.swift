import Foundation
import KeyboardModel
import Observation
import SessionChannel
import os

/// What the keyboard's views need from the view controller.
@MainActor
protocol KeyboardHost: AnyObject {
  /// The field's keyboard and content types, sent with each start command.
  var fieldTraits: (keyboardType: String?, contentType: String?) { get }
  var returnKeyLabel: String { get }
  func deleteBackward(characters count: Int)
  /// Opens the containing app; calls `onFailure` when iOS offers no way to.
  func openContainingApp(_ url: URL, onFailure: @escaping @MainActor () -> Void)
}

/// The keyboard's view state over KeyboardModel's `KeyboardSession` (which reads the channel, runs the state
/// machine and edits the field). Taps are queued in order onto the session actor.
@MainActor
@Observable
final class DictationKeyboard {
  /// What the keyboard shows.
  private(set) var phase: KeyboardPhase = .inactive
  /// The words of the dictation in progress: confirmed, then the volatile reading of the speech going on.
  private(set) var liveText = LiveText()
  /// A one-line notice from the keyboard itself (e.g. the app could not be opened).
  var notice: String?
  /// Whether the user allowed Full Access (needed to reach the shared container).
  var fullAccess: Bool
  /// Whether iOS asks this keyboard to show a globe key (it may change with the device and its keyboards).
  var showsGlobe = true
  @ObservationIgnored weak var host: KeyboardHost?

  /// The URL that opens the app's activation screen.
  static let activationURL = URL(string: "utter://activate?source=keyboard")

  private enum Action: Sendable {
    case appear, disappear, start(keyboardType: String?, contentType: String?), stop, cancel, undo, useRaw
    case endSession, dismissError, type(String)
  }

  private let container: URL?
  private let document: ProxyDocument
  @ObservationIgnored private var actions: AsyncStream<Action>.Continuation?
  @ObservationIgnored private var worker: Task<Void, Never>?
  private let log = Logger(subsystem: "app.utter.keyboard", category: "session")

  init(fullAccess: Bool, container: URL?, document: ProxyDocument) {
    self.fullAccess = fullAccess
    self.container = container
    self.document = document
  }

  /// Connects to the app's session (once) and syncs. Called each time the keyboard appears.
  func appear() {
    guard fullAccess else { return }
    if worker == nil { connect() }
    send(.appear)
  }

  /// Stops watching the container. Called when the keyboard disappears.
  func disappear() { send(.disappear) }

  // MARK: Taps

  func tapMicrophone() {
    notice = nil
    let traits = host?.fieldTraits
    send(.start(keyboardType: traits?.keyboardType, contentType: traits?.contentType))
  }

  func tapDone() { send(.stop) }
  func tapCancel() { send(.cancel) }
  func tapUndo() { send(.undo) }
  func tapUseRaw() { send(.useRaw) }
  func tapEndSession() { send(.endSession) }
  func dismissError() {
    notice = nil
    send(.dismissError)
  }

  /// Types `text` with one of our keys.
  func type(_ text: String) { send(.type(text)) }

  /// Backspace: deletes here, then tells the model the user typed (undo is no longer offered).
  func deleteBackward() {
    host?.deleteBackward(characters: 1)
    // NB: KeyboardSession offers `type(_:)` as its only "user typed" signal; an empty insert is a no-op.
    send(.type(""))
  }

  // MARK: Session

  private func connect() {
    guard let container else {
      notice = "Utter's shared folder is missing. Reinstall Utter."
      return
    }
    let channel = SessionChannel(container: container)
    let watcher = ChannelWatcher(notifier: DarwinChangeNotifier())
    // NB: unreadable settings fall back to the defaults; the keyboard must still work.
    let settings = (try? KeyboardSettings.read(fromContainer: container)) ?? KeyboardSettings()
    let session = KeyboardSession(
      channel: channel, document: document, watcher: watcher,
      configuration: KeyboardConfiguration(pendingResultWindow: settings.pendingResultWindowSeconds))
    let (stream, continuation) = AsyncStream.makeStream(of: Action.self)
    actions = continuation
    worker = Task { [weak self] in
      await session.onPhaseChange { phase in
        Task { @MainActor in self?.phase = phase }
      }
      await session.onLiveTextChange { live in
        Task { @MainActor in self?.liveText = live }
      }
      await session.onOpenApp {
        Task { @MainActor in self?.openApp() }
      }
      let initial = await session.model.phase
      self?.phase = initial
      for await action in stream {
        await Self.run(action, on: session)
      }
    }
  }

  private func send(_ action: Action) {
    actions?.yield(action)
  }

  private static func run(_ action: Action, on session: KeyboardSession<ProxyDocument>) async {
    switch action {
    case .appear: await session.appear()
    case .disappear: await session.disappear()
    case .start(let keyboardType, let contentType):
      await session.tapStart(keyboardType: keyboardType, contentType: contentType)
    case .stop: await session.tapStop()
    case .cancel: await session.tapCancel()
    case .undo: await session.tapUndo()
    case .useRaw: await session.tapUseRaw()
    case .endSession: await session.tapEndSession()
    case .dismissError: await session.dismissError()
    case .type(let text): await session.type(text)
    }
  }

  private func openApp() {
    let fallback = "Open the Utter app and tap Start, then come back here."
    guard let url = Self.activationURL, let host else {
      notice = fallback
      return
    }
    host.openContainingApp(url) { [weak self] in
      self?.log.notice("iOS did not open the containing app")
      self?.notice = fallback
    }
  }

  deinit {
    actions?.finish()
    worker?.cancel()
  }
}
