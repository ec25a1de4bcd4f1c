import PhoneRules

/// When the app, outside a flow session, holds the chosen engine in memory. A flow session's host decides for itself
/// (`EngineResidency`: loaded behind the first capture, let go when idle); this decides for the app around it, by why
/// the app runs (`BackgroundMemory`): iOS launches it for the user, for the keyboard, to hand over background download
/// events, and for App Intents, and only the first needs a model ahead of a dictation.
public struct AppEngineResidency: Sendable, Hashable {
  /// Why the app runs now, or what changed.
  public enum Event: Sendable, Hashable {
    /// The app is on screen (the user opened it, an intent or the keyboard brought it forward).
    case becameActive
    case enteredBackground
    /// iOS woke or launched the app in the background to deliver a model download's events.
    case downloadEvents
    /// An App Intent ran; `opensApp` when it brings the app forward (its dictation loads the engine behind the tap).
    case intent(opensApp: Bool)
    /// A flow session opened (the keyboard's request, `utter://activate`: its host loads the engine) or ended.
    case sessionChanged
    /// The user chose (and installed) an engine.
    case engineChosen
    /// Onboarding finished or was found finished: there is an engine to load.
    case onboarded
    case memoryWarning
  }

  public enum Effect: Sendable, Hashable {
    /// Load the chosen engine now, so the first dictation in the app does not wait for it.
    case preload
    /// Let the engine go.
    case unload
    /// Tell the flow session's host: it lets the engine go once the dictation using it is done.
    case warnSession
  }

  public private(set) var presence: BackgroundMemory.Presence = .background
  public private(set) var sessionOn = false
  public private(set) var onboarded: Bool

  /// A launch starts in the background until the scene says it is active: a launch for download events never is.
  public init(onboarded: Bool) {
    self.onboarded = onboarded
  }

  /// Applies `event`; `sessionOn` says whether a flow session holds the microphone now.
  public mutating func handle(_ event: Event, sessionOn: Bool) -> [Effect] {
    self.sessionOn = sessionOn
    if presence != .foreground { presence = sessionOn ? .backgroundWithSession : .background }
    switch event {
    case .becameActive:
      presence = .foreground
      return preloadIfWanted()
    case .enteredBackground:
      presence = sessionOn ? .backgroundWithSession : .background
      return releaseIfRequired(memoryWarning: false)
    case .downloadEvents, .intent:
      return []
    case .sessionChanged:
      return releaseIfRequired(memoryWarning: false)
    case .engineChosen:
      return preloadIfWanted()
    case .onboarded:
      onboarded = true
      return preloadIfWanted()
    case .memoryWarning:
      if sessionOn { return [.warnSession] }
      return releaseIfRequired(memoryWarning: true)
    }
  }

  private func preloadIfWanted() -> [Effect] {
    guard onboarded, !sessionOn, BackgroundMemory.mayLoadModel(presence, forDictation: false) else { return [] }
    return [.preload]
  }

  private func releaseIfRequired(memoryWarning: Bool) -> [Effect] {
    BackgroundMemory.mustRelease(presence, memoryWarning: memoryWarning, inUse: sessionOn) ? [.unload] : []
  }
}
