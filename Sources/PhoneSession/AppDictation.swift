#if canImport(Observation)
  import DictationHost
  import DictationValues
  import Foundation
  import Observation
  import PhoneRules
  import SessionChannel

  /// How the app copies a dictation's text when auto-copy is on: only while it is on screen (`GeneralPasteboard`).
  public struct AppClipboard {
    /// The auto-copy setting, as it is now.
    public var autoCopy: @MainActor () -> Bool
    /// Whether the app is on screen now.
    public var scene: @MainActor () -> AppScene
    /// Writes the general pasteboard.
    public var write: @MainActor (String) -> Void

    public init(
      autoCopy: @escaping @MainActor () -> Bool, scene: @escaping @MainActor () -> AppScene,
      write: @escaping @MainActor (String) -> Void
    ) {
      self.autoCopy = autoCopy
      self.scene = scene
      self.write = write
    }

    /// Never copies.
    public static var off: AppClipboard { AppClipboard(autoCopy: { false }, scene: { .foreground }, write: { _ in }) }
  }

  /// The app's own dictation button (home screen, quick notes, onboarding, Shortcuts): a client of the flow
  /// session's host, so its dictation records, shows live text, spools, is capped and reaches history exactly as
  /// the keyboard's does. Its text comes back here; the next keyboard is offered it only when it was made for the
  /// cursor (`AppDictationTarget`), and a Shortcut that asked for it gets it (`ShortcutDictation`).
  @MainActor
  @Observable
  public final class AppDictation {
    public enum Phase: Equatable, Sendable {
      case idle
      /// Waiting for the flow session to open (the first dictation of a session).
      case starting
      case listening
      case transcribing
      case done(text: String, raw: String, historyID: String)
      case failed(String)
    }

    public private(set) var phase: Phase = .idle
    /// Microphone level in dBFS while listening.
    public private(set) var level: Double?
    /// Seconds recorded so far.
    public private(set) var seconds: Double = 0
    /// The words so far: confirmed, then a draft of the speech going on.
    public private(set) var liveText = LiveText()
    /// What the last dictation's text was copied as (auto-copy), if it was.
    public private(set) var copied: String?

    /// Opens the flow session if it is not open, and returns its running host.
    private let openHost: @MainActor () async throws -> DictationHost
    @ObservationIgnored private var host: DictationHost?
    @ObservationIgnored private var follower: Task<Void, Never>?
    @ObservationIgnored private var startedAt: Double?
    @ObservationIgnored private var target = AppDictationTarget.app
    /// Whether the host has been asked to start this dictation (and so holds its target).
    @ObservationIgnored private var requested = false
    private let clipboard: AppClipboard
    private let shortcut: ShortcutDictation

    public init(
      clipboard: AppClipboard = .off, shortcut: ShortcutDictation? = nil,
      openHost: @escaping @MainActor () async throws -> DictationHost
    ) {
      self.clipboard = clipboard
      self.shortcut = shortcut ?? .shared
      self.openHost = openHost
    }

    /// Starts recording into `field` (the app's own text: a note, the home screen), for `target` (nil: the previous
    /// dictation's; after a shortcut's, the cursor: the shortcut has its text).
    public func start(field: FieldContext = FieldContext(), target: AppDictationTarget? = nil) {
      switch phase {
      case .starting, .listening, .transcribing: return
      default: break
      }
      phase = .starting
      level = nil
      seconds = 0
      liveText = LiveText()
      copied = nil
      startedAt = nil
      self.target = target ?? (self.target == .shortcut ? .cursor(.shortcut) : self.target)
      requested = false
      if self.target == .shortcut { shortcut.began { [weak self] in await self?.handOver() ?? .none } }
      Task {
        do {
          let host = try await openHost()
          self.host = host
          follow(host)
          requested = true
          guard await host.requestFromApp(.start, context: field, target: self.target) else {
            fail("The keyboard is dictating right now. Try again when it is done.")
            return
          }
          if phase == .starting { phase = .listening }
        } catch {
          fail("\(error)")
        }
      }
    }

    /// Stops recording; the text follows once it is in history.
    public func finish() {
      guard phase == .listening, let host else { return }
      phase = .transcribing
      level = nil
      Task { await host.requestFromApp(.stop) }
    }

    /// Throws the recording away.
    public func cancel() {
      if phase == .listening || phase == .transcribing, let host {
        Task { await host.requestFromApp(.cancel) }
      }
      if target == .shortcut, phase != .idle, phase.text == nil {
        shortcut.finish(.failure(ShortcutDictationError("The dictation was cancelled.")))
      }
      phase = .idle
      level = nil
      liveText = LiveText()
    }

    /// The shortcut this dictation was made for stopped waiting: its text goes where a quick dictation's goes when no
    /// shortcut waits (history, then the next keyboard at its cursor), unless it has ended already.
    private func handOver() async -> ShortcutDictation.HandOver {
      guard target == .shortcut else { return .none }
      switch phase {
      case .starting, .listening, .transcribing: break
      case .idle, .done, .failed: return .none
      }
      let cursor = AppDictationTarget.cursor(.shortcut)
      target = cursor
      guard requested, let host else { return .toCursor }  // the start request carries the new target
      if await host.retargetAppDictation(to: cursor) { return .toCursor }
      target = .shortcut
      return .ended
    }

    private func follow(_ host: DictationHost) {
      follower?.cancel()
      follower = Task { [weak self] in
        for await update in await host.updates() {
          guard let self else { return }
          self.apply(update)
        }
      }
    }

    func apply(_ update: HostUpdate) {
      switch update {
      case .state(let state):
        switch (phase, state.phase) {
        case (.listening, .recording), (.listening, .interrupted), (.starting, .recording):
          if phase == .starting { phase = .listening }
          startedAt = startedAt ?? state.heartbeat
          seconds = max(0, state.heartbeat - (startedAt ?? state.heartbeat))
          level = state.audioLevel
          liveText = state.liveText ?? liveText
        case (.transcribing, .standby), (.listening, .standby):
          // NB: a failure of ours (the app's dictations are never numbered) ends the wait; a result arrives apart.
          if let failure = state.failure, failure.commandSeq == 0 { fail(failure.reason.message(cause: failure.cause)) }
        case (.listening, .transcribing), (.listening, .delivering):
          phase = .transcribing  // the length cap stopped it
          level = nil
        case (_, .inactive):
          if phase == .listening || phase == .transcribing || phase == .starting {
            fail("The dictation session ended. Your audio is kept and will be recovered.")
          }
        default:
          break
        }
      case .delivered(let dictation):
        guard dictation.origin != .keyboard, phase == .transcribing || phase == .listening else { return }
        phase = .done(text: dictation.finalText, raw: dictation.rawText, historyID: dictation.uuid)
        liveText = LiveText()
        if clipboard.autoCopy(), GeneralPasteboard.refusal(.app(clipboard.scene())) == nil {
          clipboard.write(dictation.finalText)
          copied = dictation.finalText
        }
        if target == .shortcut { shortcut.finish(.success(dictation.finalText)) }
      }
    }

    private func fail(_ message: String) {
      phase = .failed(message)
      if target == .shortcut { shortcut.finish(.failure(ShortcutDictationError(message))) }
    }
  }

  extension AppDictation.Phase {
    /// The text of a finished dictation.
    var text: String? {
      if case .done(let text, _, _) = self { text } else { nil }
    }
  }
#endif
