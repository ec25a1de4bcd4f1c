import Foundation
import KeyboardModel
import Observation
import SessionChannel
import os

/// What the keyboard session needs from the view controller.
@MainActor
protocol KeyboardHost: AnyObject {
  /// The field being typed into, sent with each start command.
  var fieldContext: FieldContext { get }
  var textBeforeCursor: String { get }
  var returnKeyLabel: String { get }
  func insert(_ text: String)
  func deleteBackward(characters count: Int)
  /// Opens the containing app; false when iOS offers no way to.
  func openContainingApp(_ url: URL) -> Bool
  func switchToNextKeyboard()
}

/// Runs `KeyboardModel` over the session channel: reads the app's state and results when the channel wakes,
/// feeds them and the user's taps to the model, and performs the effects it returns.
@MainActor
@Observable
final class KeyboardSession {
  /// What the keyboard shows.
  private(set) var phase: KeyboardPhase = .inactive
  /// A one-line notice from the keyboard itself (e.g. the app could not be opened).
  var notice: String?
  /// Whether the user allowed Full Access (needed to reach the shared container).
  var fullAccess: Bool
  weak var host: KeyboardHost?

  /// The URL that opens the app's activation screen.
  static let activationURL = URL(string: "utter://activate?source=keyboard")

  private var model: KeyboardModel
  private var commandLog = CommandLog()
  private let channel: SessionChannel?
  private let notifier = DarwinChangeNotifier()
  private let clock = SessionClock.system
  @ObservationIgnored private var loop: Task<Void, Never>?
  private let log = Logger(subsystem: "app.utter.keyboard", category: "session")

  init(fullAccess: Bool, container: URL?) {
    self.fullAccess = fullAccess
    self.channel = container.map { SessionChannel(container: $0) }
    self.model = KeyboardModel()
  }

  /// Starts listening to the app. Called each time the keyboard appears.
  func start() {
    guard loop == nil, fullAccess, let channel else { return }
    if let existing = channel.readCommands().value {
      commandLog = existing
      model = KeyboardModel(
        lastCommandSeq: existing.lastSeq, acknowledgedResultIDs: existing.acknowledgedResultIDs)
    }
    refresh()
    let wakeups = ChannelWatcher(notifier: notifier, clock: clock).wakeups()
    loop = Task { [weak self] in
      for await _ in wakeups {
        guard let self else { return }
        self.refresh()
      }
    }
  }

  /// Stops listening. Called when the keyboard disappears.
  func stop() {
    loop?.cancel()
    loop = nil
  }

  // MARK: Taps

  func tapMicrophone() {
    guard fullAccess else { return }
    notice = nil
    guard let context = host?.fieldContext else { return }
    apply(.startTapped(context, now: clock.now()))
  }

  func tapDone() { apply(.stopTapped(now: clock.now())) }
  func tapCancel() { apply(.cancelTapped(now: clock.now())) }
  func tapUndo() { apply(.undoTapped) }
  func tapUseRaw() { apply(.useRawTapped) }
  func tapEndSession() { apply(.endSessionTapped(now: clock.now())) }
  func dismissError() {
    notice = nil
    apply(.errorDismissed(now: clock.now()))
  }

  /// The user typed with one of our keys, or the field changed under us: undo is no longer offered.
  func typed() { apply(.userTyped) }

  func fieldChanged() {
    if case .inserted(let dictation) = phase, !cursorFollows(dictation.insertedText) {
      apply(.userTyped)
    }
  }

  // MARK: Channel

  private func refresh() {
    guard let channel else { return }
    let now = clock.now()
    if let state = channel.readState().value { apply(.hostStateObserved(state, now: now)) }
    for id in channel.resultIDs() {
      if let result = channel.readResult(id: id).value { apply(.resultObserved(result, now: now)) }
    }
    apply(.tick(now: now))
  }

  /// Whether `text` is what sits just before the cursor. NB: hosts may hand over only part of the text before
  /// the cursor, so a shorter context that ends the inserted text counts too.
  private func cursorFollows(_ text: String) -> Bool {
    guard let before = host?.textBeforeCursor else { return false }
    return before.hasSuffix(text) || (!before.isEmpty && text.hasSuffix(before))
  }

  private func apply(_ event: KeyboardEvent) {
    let effects = model.handle(event)
    if model.phase != phase { phase = model.phase }
    for effect in effects { perform(effect) }
  }

  private func perform(_ effect: KeyboardEffect) {
    switch effect {
    case .send(let command):
      commandLog.append(command)
      do {
        try channel?.prepare()
        try channel?.writeCommands(commandLog)
        notifier.post(ChannelFile.commands)
      } catch {
        log.error("could not write a command: \(String(describing: error), privacy: .public)")
        notice = "Couldn't reach Utter. Open the Utter app, then come back."
      }
    case .openContainingApp:
      guard let url = Self.activationURL, host?.openContainingApp(url) == true else {
        notice = "Open the Utter app and tap Start, then come back here."
        return
      }
    case .insert(let text):
      host?.insert(text)
    case .replaceInserted(let old, let new):
      guard cursorFollows(old) else { return }
      host?.deleteBackward(characters: old.count)
      host?.insert(new)
    case .removeInserted(let text):
      guard cursorFollows(text) else { return }
      host?.deleteBackward(characters: text.count)
    case .ignoredResult(let id, let reason):
      log.notice("result \(id, privacy: .public) not inserted: \(reason, privacy: .public)")
    }
  }
}
