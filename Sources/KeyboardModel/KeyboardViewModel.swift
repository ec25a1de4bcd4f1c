#if canImport(Observation)
  import Clocks
  import DictationValues
  import Foundation
  import SessionChannel
  import Logging
  import Observation

  /// What the keyboard's views need from the extension's view controller; UIKit stays in the app target.
  @MainActor
  public protocol KeyboardHost: AnyObject {
    /// The field's keyboard and content types (`FieldTraits` names), read at each change of the field.
    var fieldTraits: (keyboardType: String?, contentType: String?) { get }
    /// Opens the containing app and calls `completion` once with iOS's answer: whether it opened it.
    func openContainingApp(_ url: URL, completion: @escaping @MainActor @Sendable (Bool) -> Void)
  }

  /// What the keyboard shows, over `KeyboardSession`, and its taps queued in order onto it.
  @MainActor
  @Observable
  public final class KeyboardViewModel<Document: TextFieldProxy> {
    public private(set) var phase: KeyboardPhase = .inactive
    /// The words of the dictation in progress: confirmed, then the volatile reading of the speech going on.
    public private(set) var liveText = LiveText()
    /// A one-line notice from the keyboard itself (e.g. the shared folder is missing).
    public var notice: String?
    /// Whether the user allowed Full Access (needed to reach the shared folder).
    public var fullAccess: Bool
    /// Whether iOS asks this keyboard to show a globe key (it may change with the device and its keyboards).
    public var showsGlobe = true
    /// The keys as they show (layout, page, shift, language) and the word the suggestion bar completes.
    public private(set) var typing = TypingState(typing: TypingModel(), word: "")
    /// The keyboard's size for the device and orientation (the extension sets it as they change).
    public var geometry = KeyboardGeometry(device: .phone, landscape: false, width: 390)
    /// What the user set in Utter: key feedback, appearance and the dictionary's terms.
    public private(set) var settings = KeyboardSettings()
    /// What the no-Full-Access panel shows and offers on this iOS version (the extension sets it).
    public var withoutFullAccess = KeyboardWithoutFullAccess(iOSMajorVersion: 26)
    /// Whether text is selected in the field (as of its last change): the mic then records an instruction for it.
    public private(set) var hasSelection = false
    /// The language picked on the keyboard; nil follows the settings, then the conversation.
    public private(set) var pickedLanguage: String?
    /// The style picked on the keyboard; nil lets the app choose.
    public private(set) var pickedStyle: String?
    /// The field's language as iOS remembers it (`documentInputMode`), and its traits.
    @ObservationIgnored private var fieldLanguage: String?
    @ObservationIgnored private var fieldTraits: KeyboardTap?
    /// Whether the session was made with Full Access (it is made again when that changes).
    @ObservationIgnored private var connectedWithAccess: Bool?
    @ObservationIgnored public weak var host: (any KeyboardHost)?
    /// Writes the general pasteboard, for auto-copy (the extension sets it; iOS keeps it only with Full Access).
    @ObservationIgnored public var copy: ((String) -> Void)?

    /// The URL that opens the app's activation screen.
    public static var activationURL: URL? { URL(string: "utter://activate?source=keyboard") }

    private let shared: SharedFolder?
    private let document: Document
    private let notifier: @Sendable () -> any ChangeNotifier
    @ObservationIgnored private var actions: AsyncStream<KeyboardTap>.Continuation?
    @ObservationIgnored private var worker: Task<Void, Never>?
    private let logger: Logger

    /// A keyboard on `shared` (nil: no App Group), typing into `document`, with the last picked language and style.
    public init(
      fullAccess: Bool, shared: SharedFolder?, document: Document,
      notifier: @escaping @Sendable () -> any ChangeNotifier, logger: Logger = Logger(label: "utter.keyboard"),
      pickedLanguage: String? = nil, pickedStyle: String? = nil
    ) {
      self.pickedLanguage = pickedLanguage
      self.pickedStyle = pickedStyle
      self.fullAccess = fullAccess
      self.shared = shared
      self.document = document
      self.notifier = notifier
      self.logger = logger
    }

    /// The keyboard appeared: makes the session (again when Full Access or the shared settings changed) and syncs.
    public func appear() {
      let latest = shared.flatMap { try? KeyboardSettings.read(from: $0) } ?? KeyboardSettings()
      if worker == nil || connectedWithAccess != fullAccess || latest != settings { connect(latest) }
      send(.appear)
    }

    /// The keyboard disappeared: stops watching the shared folder.
    public func disappear() { send(.disappear) }

    public func tapMicrophone() {
      notice = nil
      send(.start)
    }

    public func dismissError() {
      notice = nil
      send(.dismissError)
    }

    /// The suggestion bar: the dictionary's terms first, then the spell checker's `candidates`.
    public func suggestions(candidates: [String]) -> [String] {
      Suggestions.rank(word: typing.word, candidates: candidates, terms: settings.dictionaryTerms)
    }

    /// The space bar dragged by `points` (negative: to the left).
    public func dragSpace(by points: Double) {
      let steps = TypingModel.cursorSteps(forDrag: points)
      if steps != 0 { send(.moveCursor(steps)) }
    }

    /// The language picked on the keyboard's switch (nil: automatic).
    public func pickLanguage(_ language: String?) {
      pickedLanguage = language
      send(.language(picked: language, field: fieldLanguage))
    }

    /// The style picked on the keyboard's switch (nil: automatic).
    public func pickStyle(_ style: String?) {
      pickedStyle = style
      send(.style(style))
    }

    /// The field changed: its input mode's language, `UITextAutocapitalizationType` and return key label, with the
    /// host's keyboard and content type (the keys and each dictation follow them).
    public func fieldChanged(language: String?, capitalization: Int, returnLabel: String) {
      fieldLanguage = language
      hasSelection = !(document.selectedText ?? "").isEmpty
      let types = host?.fieldTraits
      let traits = KeyboardTap.fieldTraits(
        TypingModel.Capitalization(rawValue: capitalization) ?? .sentences, returnLabel: returnLabel,
        keyboardType: types?.keyboardType ?? "default", contentType: types?.contentType)
      fieldTraits = traits
      send(traits)
      send(.language(picked: pickedLanguage, field: language))
    }

    private func connect(_ latest: KeyboardSettings) {
      actions?.finish()
      worker?.cancel()
      if shared == nil, fullAccess { notice = "Utter's shared folder is missing. Reinstall Utter." }
      let access = fullAccess && shared != nil
      connectedWithAccess = fullAccess
      // NB: without Full Access the App Group is read, never written: the session never touches its channel.
      settings = latest
      let container = shared?.channel ?? FileManager.default.temporaryDirectory
      let session = KeyboardSession(
        channel: SessionChannel(container: container, logger: logger), document: document,
        watcher: ChannelWatcher(notifier: notifier()), configuration: KeyboardConfiguration(settings: settings),
        logger: logger, hasFullAccess: access)
      let openApp: @Sendable () async -> Bool = { [weak self] in await self?.openApp() ?? false }
      let (stream, continuation) = AsyncStream.makeStream(of: KeyboardTap.self)
      actions = continuation
      if let fieldTraits { continuation.yield(fieldTraits) }
      continuation.yield(.language(picked: pickedLanguage, field: fieldLanguage))
      continuation.yield(.style(pickedStyle))
      worker = Task { [weak self] in
        await session.observe(
          phase: { phase in Task { @MainActor in self?.show(phase) } },
          liveText: { live in Task { @MainActor in self?.liveText = live } },
          typing: { state in Task { @MainActor in self?.typing = state } })
        await session.onOpenApp(openApp)
        let initial = await session.model.phase
        self?.phase = initial
        for await tap in stream {
          await session.perform(tap)
        }
      }
    }

    private func show(_ next: KeyboardPhase) {
      if settings.autoCopy, let inserted = next.newlyInserted(after: phase) { copy?(inserted.formattedText) }
      phase = next
    }

    /// Queues `tap` onto the session, after the taps before it.
    public func send(_ tap: KeyboardTap) {
      actions?.yield(tap)
    }

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
