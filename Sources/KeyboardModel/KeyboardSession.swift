import Clocks
import DictationValues
import Logging
import SessionChannel

/// Runs a `KeyboardModel` over the channel: reads the app's state and results, writes commands, edits the field.
public actor KeyboardSession<Document: TextFieldProxy> {
  public private(set) var model: KeyboardModel
  public package(set) var document: Document
  /// How many results were inserted.
  public internal(set) var insertionCount = 0
  /// The last insertion, followed so that the user's corrections of it can be reported.
  public internal(set) var watch: InsertionWatch?
  /// The last insertion while undo and "use raw text" may still act on it (nil once the field changed).
  public internal(set) var span: InsertedSpan?
  /// The field around the cursor after this turn's own edits (`TextProxyContext.Update`), if it can follow.
  var ownView: (before: String, after: String)?
  let channel: SessionChannel
  let watcher: ChannelWatcher
  let clock: UtterClock
  let logger: Logger
  var commandLog: CommandLog
  var claimedResultIDs: Set<String> = []
  /// The command log's writes: one that failed is tried again at the next refresh (an acknowledgement must arrive).
  var commandWrites = RetriedWrite()
  var presenceWrittenAt = -Double.infinity
  var watchTask: Task<Void, Never>?
  /// The start command the mic key's press sent, until it is let go (hold to talk).
  var pressStartedDictation: Int?
  /// How long the mic key is held before letting it go sends the dictation (shorter: a tap, which toggles).
  public static var holdToTalk: Double { 0.4 }
  var phaseObserver: (@Sendable (KeyboardPhase) -> Void)?
  var liveTextObserver: (@Sendable (LiveText) -> Void)?
  var openAppHandler: (@Sendable () async -> Bool)?
  /// Whether iOS gave the keyboard Full Access: without it typing works and the channel is never touched.
  public let hasFullAccess: Bool
  /// The keys: layout, page, shift and auto-capitalisation, and the field's keyboard type they follow.
  public internal(set) var typing: TypingModel
  /// The field's content type (`UITextContentType`'s raw value) as `fieldTraits` last gave it.
  public internal(set) var fieldContentType: String?
  var typingObserver: (@Sendable (TypingState) -> Void)?
  /// The style picked on the keyboard for its dictations (nil: the app chooses).
  public internal(set) var pickedStyle: String?

  /// A keyboard that continues the command numbering found in the container.
  public init(
    channel: SessionChannel, document: Document, watcher: ChannelWatcher,
    configuration: KeyboardConfiguration = KeyboardConfiguration(), logger: Logger = Logger(label: "utter.keyboard"),
    hasFullAccess: Bool = true, typing: TypingModel = TypingModel()
  ) {
    self.channel = channel
    self.document = document
    self.watcher = watcher
    self.clock = watcher.clock
    self.logger = logger
    self.hasFullAccess = hasFullAccess
    self.typing = typing
    let log = hasFullAccess ? channel.readCommands().value ?? CommandLog() : CommandLog()
    let hostSeq = hasFullAccess ? channel.readState().value?.lastCommandSeq ?? 0 : 0
    commandLog = log
    model = KeyboardModel(
      configuration: configuration, lastCommandSeq: max(log.lastSeq, hostSeq),
      acknowledgedResultIDs: log.acknowledgedResultIDs)
  }

  /// Calls `phase` with every new phase, `liveText` with every revision of the live text (empty once a dictation
  /// ends), and `typing` with the keys after every key, edit and language change, and at once.
  public func observe(
    phase: (@Sendable (KeyboardPhase) -> Void)? = nil, liveText: (@Sendable (LiveText) -> Void)? = nil,
    typing: (@Sendable (TypingState) -> Void)? = nil
  ) {
    (phaseObserver, liveTextObserver, typingObserver) = (phase, liveText, typing)
    typing?(typingState)
  }

  /// Calls `handler` to open the containing app; it returns whether iOS opened it (`openAnswerTimeout`).
  public func onOpenApp(_ handler: @escaping @Sendable () async -> Bool) {
    openAppHandler = handler
  }

  /// Requests to open the containing app that iOS has not answered yet.
  public private(set) var openRequestsInFlight = 0

  /// iOS answered a request to open the app.
  private func openAnswered(_ opened: Bool) {
    openRequestsInFlight -= 1
    if !opened { logger.notice("iOS did not open the containing app") }
    apply(.appOpenAnswered(opened: opened, now: clock.now()))
  }

  /// The keyboard appeared: syncs with the container (inserting a pending result) and starts watching it.
  public func appear() {
    beginTurn()
    fieldChanged()
    guard hasFullAccess else { return }
    refreshAll()
    guard watchTask == nil else { return }
    let wakeups = watcher.wakeups()
    watchTask = Task { [weak self] in
      for await wakeup in wakeups {
        guard let self else { return }
        await self.wake(wakeup)
      }
    }
  }

  /// The keyboard went away: reports corrections of the last insertion, and stops watching.
  public func disappear() {
    beginTurn()
    reportCorrections()
    watchTask?.cancel()
    watchTask = nil
  }

  /// The mic key: starts a dictation into the field around the cursor, named by the keyboard and content type the
  /// field last gave (`KeyboardTap.fieldTraits`), the ones its keys follow.
  public func tapStart() {
    beginTurn()
    guard hasFullAccess else { return apply(.refused(.needsFullAccess)) }
    let selection = document.selectedText.flatMap { $0.isEmpty ? nil : $0 }
    if let selection, FieldContext.selectionMayBeCut(selection) { return apply(.refused(.selectionMayBeCut)) }
    reportCorrections()
    let context = FieldContext(
      textBeforeCursor: String(visibleBefore.suffix(500)), keyboardType: typing.keyboardType,
      contentType: fieldContentType, language: typing.language, style: pickedStyle, selection: selection)
    apply(.startTapped(context, now: clock.now()))
  }

  /// Tells the app how the user edited the last insertion, once they move on; what they edit later is compared with it.
  func reportCorrections() {
    guard hasFullAccess, let watch, let edit = watch.edit(before: visibleBefore, after: visibleAfter) else { return }
    let lastSeq = model.lastCommandSeq
    apply(.insertionEdited(edit, now: clock.now()))
    // NB: with no live app to hear it, the insertion stays followed and the next occasion tries again.
    if model.lastCommandSeq != lastSeq { self.watch = watch.reported(edit) }
  }

  /// Tells the app the keyboard is on screen, at most once per `presenceInterval`.
  func writePresence() {
    let now = clock.now()
    guard now - presenceWrittenAt >= model.configuration.presenceInterval else { return }
    presenceWrittenAt = now
    try? channel.writePresence(KeyboardPresence(sessionID: model.sessionID, seenAt: now))
  }

  func writeCommands() {
    commandWrites.attempt(ChannelFile.commands, logger: logger) {
      try channel.writeCommands(commandLog)
      watcher.notifier.post(ChannelFile.commands)
    }
  }

  /// Re-reads everything in the container.
  public func refreshAll() {
    beginTurn()
    if commandWrites.isFailing { writeCommands() }
    writePresence()
    refreshState()
    refreshResults()
    apply(.tick(now: clock.now()))
  }

  func wake(_ wakeup: ChannelWakeup) {
    beginTurn()
    switch wakeup {
    case .poll:
      refreshAll()
    case .changed(ChannelFile.state):
      refreshState()
      refreshResults()
    case .changed(let name):
      if let id = ChannelFile.resultID(inFileName: name), let sessionID = model.sessionID,
        id.hasPrefix(sessionID + "-")
      {
        refreshResult(id: id)
      }
    }
  }

  func refreshState() {
    guard let state = channel.readState().value else { return }
    // NB: the app writes a dictation's result before the state that follows it, and a session can end with that
    // delivery ('release after each dictation'): its results are read first, while the session is still live here.
    if state.phase == .inactive || state.sessionID != model.sessionID { refreshResults() }
    apply(.hostStateObserved(state, now: clock.now()))
  }

  // NB: only the live session's newest 16 results are read (it has one or two pending at most): stale ones of other
  // sessions are never read or logged.
  func refreshResults() {
    guard let sessionID = model.sessionID else { return }
    for id in channel.resultIDs(ofSession: sessionID).suffix(16) {
      refreshResult(id: id)
    }
  }

  func refreshResult(id: String) {
    guard !model.handledResultIDs.contains(id), var result = channel.readResult(id: id).value else { return }
    // NB: one made outside the keyboard (numbered 0) was cleaned up for no field: it takes the space the cursor needs.
    if result.commandSeq == 0, let last = visibleBefore.last, !last.isWhitespace, result.text.first?.isLetter == true {
      result.text = " " + result.text
    }
    // NB: the claim is taken before inserting: a keyboard that dies after inserting, or a second keyboard process
    // that is open too, then finds it taken and never inserts the text again.
    if !claimedResultIDs.contains(id), model.wouldInsert(result, now: clock.now()) {
      switch channel.claimResult(id: id) {
      case .claimed:
        claimedResultIDs.insert(id)
      case .claimedElsewhere:
        apply(.resultClaimedElsewhere(result, now: clock.now()))
        return
      case .failed(let reason):
        // NB: inserting once without a claim beats not inserting at all; the text is in history either way.
        logger.error("cannot claim result \(id): \(reason)")
      }
    }
    apply(.resultObserved(result, now: clock.now()))
  }

  package func apply(_ event: KeyboardEvent) {
    let before = model.phase
    let liveBefore = model.liveText
    if event == .userTyped { span = nil }
    let effects = model.handle(event)
    for effect in effects { perform(effect) }
    if model.phase != before { phaseObserver?(model.phase) }
    if model.liveText != liveBefore { liveTextObserver?(model.liveText) }
  }

  func perform(_ effect: KeyboardEffect) {
    switch effect {
    case .send(let command):
      commandLog.append(command)
      writeCommands()
    case .openContainingApp:
      guard let open = openAppHandler else { return }
      openRequestsInFlight += 1
      Task { [weak self] in
        let opened = await open()
        await self?.openAnswered(opened)
      }
    case .insert(let text):
      insertDictation(text)
    case .pressReturn:
      // NB: the return key through the proxy, as the keys' own return is; the text may now be sent, so nothing is
      // watched for corrections or kept for undo.
      write(.insert("\n"))
      (watch, span) = (nil, nil)
      logger.info("pressed return after the dictation")
    case .replaceInserted(let old, let new):
      replaceDictation(old, with: new)
    case .ignoredResult(let id, let reason):
      logger.info("not inserting result \(id): \(reason)")
    }
  }
}
