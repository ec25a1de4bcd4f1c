#if canImport(Observation)
  import DictationHost
  import DictationValues
  import Foundation
  import Observation
  import SessionChannel

  /// The app's own dictation button (home screen, quick notes, onboarding, Shortcuts): a client of the flow
  /// session's host, so its dictation records, shows live text, spools, is capped and reaches history exactly as
  /// the keyboard's does. Its text comes back here, never to the keyboard.
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

    /// Opens the flow session if it is not open, and returns its running host.
    private let openHost: @MainActor () async throws -> DictationHost
    @ObservationIgnored private var host: DictationHost?
    @ObservationIgnored private var follower: Task<Void, Never>?
    @ObservationIgnored private var startedAt: Double?

    public init(openHost: @escaping @MainActor () async throws -> DictationHost) {
      self.openHost = openHost
    }

    /// Starts recording into `field` (the app's own text: a note, the home screen).
    public func start(field: FieldContext = FieldContext()) {
      switch phase {
      case .starting, .listening, .transcribing: return
      default: break
      }
      phase = .starting
      level = nil
      seconds = 0
      liveText = LiveText()
      startedAt = nil
      Task {
        do {
          let host = try await openHost()
          self.host = host
          follow(host)
          guard await host.requestFromApp(.start, context: field) else {
            phase = .failed("The keyboard is dictating right now. Try again when it is done.")
            return
          }
          if phase == .starting { phase = .listening }
        } catch {
          phase = .failed("\(error)")
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
      phase = .idle
      level = nil
      liveText = LiveText()
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
          if let failure = state.failure, failure.commandSeq == 0 { phase = .failed(failure.reason.message) }
        case (.listening, .transcribing), (.listening, .delivering):
          phase = .transcribing  // the length cap stopped it
          level = nil
        case (_, .inactive):
          if phase == .listening || phase == .transcribing || phase == .starting {
            phase = .failed("The dictation session ended. Your audio is kept and will be recovered.")
          }
        default:
          break
        }
      case .delivered(let dictation):
        guard dictation.origin == .app, phase == .transcribing || phase == .listening else { return }
        phase = .done(text: dictation.finalText, raw: dictation.rawText, historyID: dictation.uuid)
        liveText = LiveText()
      }
    }
  }
#endif
