#if canImport(Observation)
  import Clocks
  import Foundation
  import Locations
  import Logging
  import Observation
  import SessionChannel

  /// What the keyboard's views need from the extension's view controller; UIKit stays in the app target.
  @MainActor
  public protocol KeyboardHost: AnyObject {
    /// The field's keyboard and content types (`FieldTraits` names), sent with each start command.
    var fieldTraits: (keyboardType: String?, contentType: String?) { get }
    var returnKeyLabel: String { get }
    func deleteBackward(characters count: Int)
    /// Opens the containing app and calls `completion` once with iOS's answer: whether it opened it.
    func openContainingApp(_ url: URL, completion: @escaping @MainActor (Bool) -> Void)
  }

  /// The keyboard's view state over `KeyboardSession` (which reads the channel, runs the state machine and edits the
  /// field): what the keyboard shows, and its taps queued in order onto the session.
  @MainActor
  @Observable
  public final class KeyboardViewModel<Document: TextFieldProxy> {
    /// What the keyboard shows.
    public private(set) var phase: KeyboardPhase = .inactive
    /// The words of the dictation in progress: confirmed, then the volatile reading of the speech going on.
    public private(set) var liveText = LiveText()
    /// A one-line notice from the keyboard itself (e.g. the shared folder is missing).
    public var notice: String?
    /// Whether the user allowed Full Access (needed to reach the shared folder).
    public var fullAccess: Bool
    /// Whether iOS asks this keyboard to show a globe key (it may change with the device and its keyboards).
    public var showsGlobe = true
    @ObservationIgnored public weak var host: (any KeyboardHost)?

    /// The URL that opens the app's activation screen.
    public static var activationURL: URL? { URL(string: "utter://activate?source=keyboard") }

    private let shared: SharedFolder?
    private let document: Document
    private let notifier: @Sendable () -> any ChangeNotifier
    @ObservationIgnored private var actions: AsyncStream<KeyboardTap>.Continuation?
    @ObservationIgnored private var worker: Task<Void, Never>?
    private let logger: Logger

    /// A keyboard on `shared` (nil when the App Group is missing), typing into `document`, woken by `notifier`.
    public init(
      fullAccess: Bool, shared: SharedFolder?, document: Document,
      notifier: @escaping @Sendable () -> any ChangeNotifier, logger: Logger = Logger(label: "utter.keyboard")
    ) {
      self.fullAccess = fullAccess
      self.shared = shared
      self.document = document
      self.notifier = notifier
      self.logger = logger
    }

    /// Connects to the app's session (once) and syncs. Called each time the keyboard appears.
    public func appear() {
      guard fullAccess else { return }
      if worker == nil { connect() }
      send(.appear)
    }

    /// Stops watching the shared folder. Called when the keyboard disappears.
    public func disappear() { send(.disappear) }

    public func tapMicrophone() {
      notice = nil
      let traits = host?.fieldTraits
      send(.start(keyboardType: traits?.keyboardType, contentType: traits?.contentType))
    }

    public func tapDone() { send(.stop) }
    public func tapCancel() { send(.cancel) }
    public func tapUndo() { send(.undo) }
    public func tapUseRaw() { send(.useRaw) }
    public func tapEndSession() { send(.endSession) }
    public func dismissError() {
      notice = nil
      send(.dismissError)
    }

    /// Types `text` with one of our keys.
    public func type(_ text: String) { send(.type(text)) }

    /// Backspace: deletes here, then tells the model the user typed (undo is no longer offered).
    public func deleteBackward() {
      host?.deleteBackward(characters: 1)
      // NB: KeyboardSession offers `type(_:)` as its only "user typed" signal; an empty insert is a no-op.
      send(.type(""))
    }

    private func connect() {
      guard let shared else {
        notice = "Utter's shared folder is missing. Reinstall Utter."
        return
      }
      // NB: unreadable settings fall back to the defaults; the keyboard must still work.
      let configuration = (try? KeyboardConfiguration.shared(in: shared)) ?? KeyboardConfiguration()
      let session = KeyboardSession(
        channel: SessionChannel(container: shared.channel, logger: logger), document: document,
        watcher: ChannelWatcher(notifier: notifier()), configuration: configuration, logger: logger)
      let openApp: @Sendable () async -> Bool = { [weak self] in await self?.openApp() ?? false }
      let (stream, continuation) = AsyncStream.makeStream(of: KeyboardTap.self)
      actions = continuation
      worker = Task { [weak self] in
        await session.onPhaseChange { phase in
          Task { @MainActor in self?.phase = phase }
        }
        await session.onLiveTextChange { live in
          Task { @MainActor in self?.liveText = live }
        }
        await session.onOpenApp(openApp)
        let initial = await session.model.phase
        self?.phase = initial
        for await tap in stream {
          await session.perform(tap)
        }
      }
    }

    private func send(_ tap: KeyboardTap) {
      actions?.yield(tap)
    }

    /// Asks the host to open the app and waits for iOS's answer (the keyboard model times out an answer that never
    /// comes).
    private func openApp() async -> Bool {
      guard let url = Self.activationURL, let host else { return false }
      return await withCheckedContinuation { continuation in
        host.openContainingApp(url) { opened in continuation.resume(returning: opened) }
      }
    }

    deinit {
      actions?.finish()
      worker?.cancel()
    }
  }
#endif
