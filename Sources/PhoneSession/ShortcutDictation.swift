#if canImport(Observation)
  import DictationHost
  import DictationValues
  import Foundation

  /// Why a Shortcut got no text, in one line (Shortcuts shows it).
  public struct ShortcutDictationError: Error, Sendable, Hashable, LocalizedError {
    public let message: String
    public var errorDescription: String? { message }

    public init(_ message: String) { self.message = message }
  }

  /// "Dictate Text" in Shortcuts: the intent opens the app's quick dictation and waits here for its text, which goes
  /// back to the shortcut that ran it (and so to no keyboard: `AppDictationTarget.shortcut`).
  @MainActor
  public final class ShortcutDictation {
    /// The one the app's intents and its quick dictation share.
    public static let shared = ShortcutDictation()
    private var pending: Wait?

    public init() {}

    /// Whether a shortcut waits for the next dictation: the quick dictation is then for it.
    public var isWaiting: Bool { pending != nil }

    /// Runs `open` (which brings up the quick dictation) and waits until that dictation ends: its text, or why there
    /// is none. A second shortcut meanwhile takes the wait over; the first is told.
    public func text(opening open: @MainActor () async -> Void) async throws(ShortcutDictationError) -> String {
      finish(.failure(ShortcutDictationError("Another shortcut started a dictation.")))
      let wait = Wait()
      pending = wait
      await open()
      // NB: not `Result.get()`: the iOS SDK's standard library has it throw `any Error`, not the typed error.
      switch await wait.outcome() {
      case .success(let text): return text
      case .failure(let error): throw error
      }
    }

    /// The quick dictation made for a shortcut ended: `outcome` goes to the shortcut waiting, if any.
    public func finish(_ outcome: Result<String, ShortcutDictationError>) {
      pending?.settle(outcome)
      pending = nil
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
