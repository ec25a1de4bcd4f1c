#if canImport(Observation)
  import Clocks
  import DictationHost
  import DictationValues
  import Foundation

  /// Why a Shortcut got no text, in one line (Shortcuts shows it).
  public struct ShortcutDictationError: Error, Sendable, Hashable, LocalizedError {
    public let message: String
    public var errorDescription: String? { message }

    public init(_ message: String) { self.message = message }

    /// The dictation outlasted the shortcut's wait (`ShortcutDictation.answerDeadline`) and went to the cursor.
    public static let goesOnInUtter = ShortcutDictationError(
      "The dictation goes on in Utter: when it ends, its text is in History and the Utter keyboard types it in the next"
        + " text field you open.")
    /// The shortcut's wait ended with no dictation begun for it.
    public static let notStarted = ShortcutDictationError("Utter did not start a dictation for this shortcut.")
    /// A second shortcut took the wait over.
    public static let anotherShortcut = ShortcutDictationError("Another shortcut started a dictation.")
  }

  /// "Dictate Text" in Shortcuts: the intent opens the app's quick dictation and waits here for its text, which goes
  /// back to the shortcut that ran it (and so to no keyboard: `AppDictationTarget.shortcut`). A dictation that
  /// outlasts the wait is handed to the cursor, as a quick dictation with no shortcut waiting is.
  @MainActor
  public final class ShortcutDictation {
    /// Seconds a shortcut waits for its text. NB: the system cancels an App Intent that reports no progress after
    /// about 30 s (https://developer.apple.com/documentation/appintents/intentcancellationreason/timeout); 25 s
    /// leaves time to answer before that, while Settings allows a dictation of up to an hour.
    nonisolated public static let answerDeadline = 25.0

    /// What the dictation made for a shortcut did when the shortcut stopped waiting.
    public enum HandOver: Sendable, Hashable {
      /// Its text will go to the cursor (history, then the next keyboard).
      case toCursor
      /// It has ended: its text or failure is already on its way here (`finish`).
      case ended
      /// No dictation is running for the shortcut.
      case none
    }

    /// The one the app's intents and its quick dictation share.
    public static let shared = ShortcutDictation()
    private let clock: UtterClock
    private let deadline: Double
    private var pending: Wait?
    /// The running dictation made for a shortcut: sends its text to the cursor instead (`began(handingOver:)`).
    private var handOver: (@MainActor () async -> HandOver)?

    /// Shortcuts that wait at most `deadline` seconds on `clock`.
    public init(clock: UtterClock = .system, deadline: Double = ShortcutDictation.answerDeadline) {
      self.clock = clock
      self.deadline = deadline
    }

    /// Whether a shortcut waits for the next dictation: the quick dictation is then for it.
    public var isWaiting: Bool { pending != nil }

    /// Runs `open` (which brings up the quick dictation) and waits until that dictation ends, for at most `deadline`
    /// seconds: its text, or why there is none (`ShortcutDictationError.goesOnInUtter` when it goes on past the
    /// deadline). A second shortcut meanwhile takes the wait over; the first is told.
    public func text(opening open: @MainActor () async -> Void) async throws(ShortcutDictationError) -> String {
      pending?.settle(.failure(.anotherShortcut))
      let wait = Wait()
      pending = wait
      let due = clock.now() + deadline
      let timer = Task { [clock] in
        do { try await clock.sleep(until: due) } catch { return }
        await self.expire(wait)
      }
      defer { timer.cancel() }
      await open()
      // NB: not `Result.get()`: the iOS SDK's standard library has it throw `any Error`, not the typed error.
      switch await wait.outcome() {
      case .success(let text): return text
      case .failure(let error): throw error
      }
    }

    /// The quick dictation for the waiting shortcut began: should a shortcut stop waiting before it ends,
    /// `handOver` sends its text to the cursor instead and says what it did.
    public func began(handingOver handOver: @escaping @MainActor () async -> HandOver) {
      self.handOver = handOver
    }

    /// The quick dictation made for a shortcut ended: `outcome` goes to the shortcut waiting, if any.
    public func finish(_ outcome: Result<String, ShortcutDictationError>) {
      handOver = nil
      pending?.settle(outcome)
      pending = nil
    }

    /// `wait`'s deadline: its dictation goes to the cursor and the shortcut is told so, unless it has just ended.
    private func expire(_ wait: Wait) async {
      guard pending === wait else { return }
      let handOver = self.handOver
      self.handOver = nil
      let outcome = await handOver?() ?? HandOver.none
      guard outcome != .ended else { return }
      if pending === wait { pending = nil }
      wait.settle(.failure(outcome == .toCursor ? .goesOnInUtter : .notStarted))
    }

    /// One shortcut's wait: settled once, before or after it is awaited.
    @MainActor
    private final class Wait {
      private var settled: Result<String, ShortcutDictationError>?
      private var continuation: CheckedContinuation<Result<String, ShortcutDictationError>, Never>?

      func settle(_ outcome: Result<String, ShortcutDictationError>) {
        guard settled == nil else { return }
        settled = outcome
        continuation?.resume(returning: outcome)
        continuation = nil
      }

      func outcome() async -> Result<String, ShortcutDictationError> {
        if let settled { return settled }
        return await withCheckedContinuation { continuation = $0 }
      }
    }
  }

  extension AppDictationTarget {
    /// Where the quick dictation screen's text goes (it opens from the widget, a control, Siri, the Action Button or
    /// a Shortcut): a new note stays in the app, a shortcut waiting for text gets it, else the next keyboard types it.
    @MainActor
    public static func quickDictation(
      asNote: Bool, openedBy origin: DictationOrigin, shortcut: ShortcutDictation = .shared
    ) -> AppDictationTarget {
      if asNote { return .app }
      return shortcut.isWaiting ? .shortcut : .cursor(origin)
    }
  }
#endif
