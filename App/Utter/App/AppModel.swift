import AppSettings
import Dictation
import KeyStore
import ModelInstallation
import Observation
import PhoneSession
import SessionChannel
import Storage
import SwiftUI
import UtterActivity
import os

/// The app's composition root: the folders, database, settings, keys, engines and the flow session, plus navigation.
@MainActor
@Observable
final class AppModel {
  /// The App Group shared with the keyboard; nil only when the entitlement is missing (a signing mistake).
  let shared = SharedFolder.appGroup()
  /// The app's own folder: database, kept audio, spool and models.
  let data = DataFolder.applicationSupport()
  /// The database and the settings, saved on each change and shared with the keyboard.
  let store: AppSettingsStore
  var settings: UtterSettings { store.settings }
  var database: AppDatabase? { store.database }
  let keys: any SecretStore = KeychainSecretStore()
  let models: ModelStore
  @ObservationIgnored private let modelDevice: PhoneModelStore
  let engines: EngineShelf
  let flow: FlowSession
  @ObservationIgnored private var feedback = CueFeedback(haptics: true, sounds: true)
  @ObservationIgnored private var residency: AppEngineResidency
  /// The screen shown over everything (activation, quick dictation).
  var route: AppRoute?
  /// The last error worth a banner, in one line.
  var banner: String?
  var onboardingComplete: Bool {
    didSet {
      UserDefaults.standard.set(onboardingComplete, forKey: Self.onboardingKey)
      if onboardingComplete { residencyChanged(.onboarded) }  // rule: PhoneSession.AppEngineResidency.onboarded
    }
  }

  private let log = Logger(subsystem: "app.utter", category: "app")
  private static let onboardingKey = "onboarding.complete"

  init() {
    onboardingComplete = UserDefaults.standard.bool(forKey: Self.onboardingKey)
    residency = AppEngineResidency(onboarded: UserDefaults.standard.bool(forKey: Self.onboardingKey))
    let log = log
    store = AppSettingsStore(data: data, shared: shared) { log.error("\($0, privacy: .public)") }
    (models, modelDevice) = PhoneModelStore.make(data: data)
    let activity = SessionActivityController()
    activity.endLeftovers()
    let flowLog = Logger(subsystem: "app.utter", category: "flow-session")
    flow = FlowSession(
      audio: PhoneAudio(), indicator: activity, notifier: { _ in DarwinChangeNotifier() },
      log: { flowLog.notice("\($0, privacy: .public)") })
    let database = store.database
    engines = AppEngines.shelf(
      models: models, keys: keys, language: { DictationSettings.load(from: database).language },
      ownServer: { DictationSettings.load(from: database).settings.engineBaseURL })
    flow.onCue = { [weak self] cue in self.map { DictationFeedback.play(cue, as: $0.feedback) } }
    _ = NotificationCenter.default.addObserver(
      forName: UIApplication.didReceiveMemoryWarningNotification, object: nil, queue: .main
    ) { [weak self] _ in
      MainActor.assumeIsolated { self?.residencyChanged(.memoryWarning) }
    }
    // NB: read before it is observed: iOS posts thermal changes only to a process that read the thermal state.
    let phoneState: @MainActor @Sendable () -> Void = { [flow] in
      let info = ProcessInfo.processInfo
      flow.phoneStateChanged(lowPowerMode: info.isLowPowerModeEnabled, thermalState: info.thermalState.rawValue)
    }
    phoneState()
    for name in [Notification.Name.NSProcessInfoPowerStateDidChange, ProcessInfo.thermalStateDidChangeNotification] {
      _ = NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in
        MainActor.assumeIsolated { phoneState() }
      }
    }
    store.onChange = { [weak self] in self?.settingsChanged($0) }
    settingsChanged(settings)
  }

  // rule: Storage.AppearanceChoice.prefersDark
  var colorScheme: ColorScheme? { settings.appearance.prefersDark.map { $0 ? .dark : .light } }

  /// Saves `change` applied to the settings, and shares the keyboard's part with the keyboard.
  func updateSettings(_ change: (inout UtterSettings) -> Void) {
    if let unsaved = store.update(change) { banner = unsaved }
  }

  private func settingsChanged(_ settings: UtterSettings) {
    feedback = CueFeedback(haptics: settings.haptics, sounds: settings.sounds)
    flow.microphoneChoice = settings.microphone
    flow.ducksOthers = settings.duckOthers
  }

  // MARK: Navigation and the app's life

  /// Handles a `utter://` link.
  func open(_ url: URL) {
    guard let route = AppRoute(url: url) else { return }
    go(to: route)
  }

  func go(to route: AppRoute) {
    guard let (screen, opensSession) = route.presentation(onboarded: onboardingComplete) else { return }
    self.route = screen
    if opensSession { openFlowSession() }  // rule: PhoneSession.AppRoute.presentation
  }

  /// Receives Shortcuts, Siri, Action Button, control and Live Activity requests (an extension's: Darwin signals).
  func installIntentHandler() {
    guard intentSignals == nil else { return }  // glue: one observer of the Darwin signals per process
    IntentRequests.handler = { [weak self] request in self?.handle(request) }
    let signals = DarwinNotificationCenter.shared.signals(IntentRequest.allCases.map(\.rawValue))
    intentSignals = Task { @MainActor in
      for await name in signals {
        if let request = IntentRequest(rawValue: name) { await IntentRequests.deliver(request) }
      }
    }
  }

  @ObservationIgnored private var intentSignals: Task<Void, Never>?

  private func handle(_ request: IntentRequest) {
    residencyChanged(.intent(opensApp: request != .endSession))
    // glue: each App Intent performs what it is named for (`UtterShortcuts`); the route decides the screen.
    switch request {
    case .startDictation: go(to: .dictate(.shortcut))
    case .newNote: go(to: .newNote)
    case .endSession:
      flow.end()
      Task {
        await flow.waitUntilOff()
        residencyChanged(.sessionChanged)
      }
    }
  }

  func becameActive() {
    flow.appBecameActive()
    models.appBecameActive()
    residencyChanged(.becameActive)
    _ = try? database?.purgeExpired()
  }

  /// The app left the screen: downloads go on; without a flow session the model goes (`BackgroundMemory`).
  func enteredBackground() {
    models.appLeft()
    residencyChanged(.enteredBackground)
  }

  /// iOS woke the app for a download session's events: nothing is loaded for it.
  func downloadEvents(_ identifier: String) async {
    residencyChanged(.downloadEvents)
    await withCheckedContinuation { done in modelDevice.backgroundEventsDelivered(for: identifier) { done.resume() } }
  }

  /// Applies what `AppEngineResidency` decides for `event`.
  private func residencyChanged(_ event: AppEngineResidency.Event) {
    for effect in residency.handle(event, sessionOn: flow.isOn) {
      switch effect {  // rule: PhoneSession.AppEngineResidency.handle
      case .preload:
        let (engines, choice) = (engines, DictationSettings.load(from: database).engine())
        Task { _ = try? await engines.engine(for: choice) }
      case .unload:
        log.notice("engine let go: \(String(describing: event), privacy: .public)")
        Task { await engines.unload() }
      case .warnSession:
        flow.memoryWarning()
      }
    }
  }

  // MARK: Dictation

  /// Opens the flow session for the keyboard with the current settings.
  func openFlowSession() {
    guard onboardingComplete else { return }  // rule: PhoneSession.AppRoute.presentation
    flow.open(with: dictationPipeline(), shared: shared, data: data)
    residencyChanged(.sessionChanged)
  }

  /// A dictation button inside the app, served by the flow session's host (opened for it when off).
  func appDictation() -> AppDictation {
    let clipboard = AppClipboard(
      autoCopy: { [unowned self] in settings.autoCopy },
      // glue: UIKit's state
      scene: { UIApplication.shared.applicationState == .background ? .background : .foreground },
      write: { UIPasteboard.general.string = $0 })
    return AppDictation(clipboard: clipboard) { [unowned self] in
      try await flow.runningHost(opening: dictationPipeline(), shared: shared, data: data)
    }
  }

  /// The dictation pipeline for the current settings and vocabulary: the flow session (keyboard and the app's own
  /// button), retry and Shortcuts all run it; the engine is the one the pipeline chooses, from the app's shelf.
  func dictationPipeline() -> DictationPipeline {
    let settings = DictationSettings.load(from: database)
    return DictationPipeline(
      engines: engines.access, formatter: DictationFormatter(settings: settings, providers: .app(keys: keys)),
      archive: HistoryArchive(database: database, origin: .app))
  }

  /// Switches to `choice`, downloading and preparing a Whisper model first; the prepared engine stays loaded.
  func use(_ choice: EngineChoice) async throws {
    if choice.isWhisper, let id = choice.model {  // rule: Dictation.EngineChoice.isWhisper
      await engines.keep(try await models.install(id), for: choice)
    } else if choice.isApple {  // rule: Dictation.EngineChoice.isApple (iOS downloads its speech assets)
      try await AppleSpeechOption.install(language: DictationSettings.load(from: database).language)
    }
    updateSettings {
      $0.engine = choice.id
      $0.model = choice.model ?? ""
    }
    residencyChanged(.engineChosen)
  }
}
