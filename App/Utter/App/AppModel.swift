import Dictation
import Foundation
import KeyStore
import Locations
import Observation
import SessionChannel
import Storage
import SwiftUI
import os

/// The app's composition root: the folders, database, settings, keys, engines and the flow session, plus navigation.
@MainActor
@Observable
final class AppModel {
  /// The App Group shared with the keyboard; nil only when the entitlement is missing (a signing mistake).
  let shared = SharedFolder.appGroup()
  /// The app's own folder: database, kept audio, spool and models.
  let data = DataFolder.applicationSupport()
  /// The one database; nil only when it could not be opened (then `databaseProblem` says why).
  let database: AppDatabase?
  private(set) var databaseProblem: String?
  private(set) var settings: UtterSettings
  let keys: any SecretStore = KeychainSecretStore()
  let models: WhisperModelLibrary
  let engines: EngineShelf
  let flow: FlowSession
  /// The sounds and taps the user allows.
  @ObservationIgnored private var feedback = DictationFeedback(haptics: true, sounds: true)
  /// The screen shown over everything (activation, quick dictation).
  var route: AppRoute?
  /// The last error worth a banner, in one line.
  var banner: String?
  var onboardingComplete: Bool {
    didSet { UserDefaults.standard.set(onboardingComplete, forKey: Self.onboardingKey) }
  }

  private let log = Logger(subsystem: "app.utter", category: "app")
  private static let onboardingKey = "onboarding.complete"

  init() {
    onboardingComplete = UserDefaults.standard.bool(forKey: Self.onboardingKey)
    do {
      let (database, recovery) = try AppDatabase.open(at: data.root)
      self.database = database
      self.settings = (try? database.settings()) ?? UtterSettings()
      if let recovery { databaseProblem = recovery }
      _ = try? database.purgeExpired()
    } catch {
      database = nil
      settings = UtterSettings()
      databaseProblem = "History is unavailable: \(UserMessage.of(error))"
    }
    models = WhisperModelLibrary(data: data)
    let activity = SessionActivityController()
    activity.endLeftovers()
    let flowLog = Logger(subsystem: "app.utter", category: "flow-session")
    flow = FlowSession(
      audio: PhoneAudio(), indicator: activity, notifier: { _ in DarwinChangeNotifier() },
      log: { flowLog.notice("\($0, privacy: .public)") })
    let database = database
    engines = AppEngines.shelf(
      models: models, keys: keys, language: { DictationSettings.load(from: database).language },
      ownServer: { DictationSettings.load(from: database).settings.engineBaseURL })
    flow.onCue = { [weak self] cue in self?.feedback.play(cue) }
    // NB: the model is the app's largest allocation; a warning frees it (once the dictation using it is done).
    memoryWarnings = NotificationCenter.default.addObserver(
      forName: UIApplication.didReceiveMemoryWarningNotification, object: nil, queue: .main
    ) { [weak self] _ in
      MainActor.assumeIsolated { self?.memoryIsShort() }
    }
    settingsChanged()
    if onboardingComplete { preloadEngine() }
  }

  var colorScheme: ColorScheme? {
    switch settings.appearance {
    case .light: .light
    case .dark: .dark
    case .system: nil
    }
  }

  // MARK: Settings

  /// Saves `change` applied to the settings, and shares the keyboard's part with the keyboard.
  func updateSettings(_ change: (inout UtterSettings) -> Void) {
    var updated = settings
    change(&updated)
    guard updated != settings else { return }
    settings = updated
    do {
      try database?.saveSettings(updated)
    } catch {
      banner = "Settings could not be saved: \(UserMessage.of(error))"
    }
    settingsChanged()
  }

  private func settingsChanged() {
    feedback = DictationFeedback(haptics: settings.haptics, sounds: settings.sounds)
    flow.microphoneChoice = settings.microphone
    flow.ducksOthers = settings.duckOthers
    guard let shared else { return }
    do {
      try KeyboardSettings.share(settings, in: shared)
    } catch {
      log.error("keyboard settings export failed: \(String(describing: error), privacy: .public)")
    }
  }

  // MARK: Navigation

  /// Handles a `utter://` link.
  func open(_ url: URL) {
    guard let route = AppRoute(url: url) else { return }
    go(to: route)
  }

  func go(to route: AppRoute) {
    switch route {
    case .activate:
      // Before onboarding there is no model yet: onboarding comes first, then the keyboard works.
      guard onboardingComplete else { return }
      self.route = .activate
      openFlowSession()
    case .dictate, .newNote:
      self.route = route
    case .home:
      self.route = nil
    }
  }

  /// Receives Shortcuts, Siri, Action Button, control and Live Activity requests.
  func installIntentHandler() {
    guard intentObservations.isEmpty else { return }
    IntentRequests.handler = { [weak self] request in
      guard let self else { return }
      switch request {
      case .startDictation: self.go(to: .dictate)
      case .newNote: self.go(to: .newNote)
      case .endSession: self.flow.end()
      }
    }
    // Requests posted by an extension process while the app was running.
    for request in IntentRequest.allCases {
      intentObservations.append(
        DarwinNotificationCenter.shared.observe(request.rawValue) {
          Task { @MainActor in await IntentRequests.deliver(request) }
        })
    }
  }

  @ObservationIgnored private var intentObservations: [DarwinObservation] = []

  func becameActive() {
    flow.appBecameActive()
    _ = try? database?.purgeExpired()
  }

  @ObservationIgnored private var memoryWarnings: NSObjectProtocol?

  private func memoryIsShort() {
    log.notice("memory warning")
    if flow.isOn { flow.memoryWarning() } else { Task { await engines.unload() } }
  }

  /// The app left the screen: without a flow session nothing will dictate until it is back, so the model goes (the
  /// system suspends the app, and a suspended app holding hundreds of megabytes is the first it ends).
  func enteredBackground() {
    models.appLeft()
    if !flow.isOn { Task { await engines.unload() } }
  }

  // MARK: Dictation

  /// Opens the flow session for the keyboard with the current settings.
  func openFlowSession() {
    guard onboardingComplete else { return }
    flow.open(with: dictationPipeline(), shared: shared, data: data)
  }

  /// A dictation button inside the app, served by the flow session's host (opened for it when off).
  func appDictation() -> AppDictation {
    AppDictation { [unowned self] in
      try await flow.runningHost(opening: dictationPipeline(), shared: shared, data: data)
    }
  }

  /// Switches to `choice`, downloading and preparing a Whisper model first; the prepared engine stays loaded.
  func use(_ choice: EngineChoice) async throws {
    if choice.isWhisper, let id = choice.model {
      let engine = try await models.install(id)
      await engines.keep(engine, for: choice)
    } else if choice.isApple {
      try await AppleSpeechOption.install(language: DictationSettings.load(from: database).language)
    }
    updateSettings {
      $0.engine = choice.id
      $0.model = choice.model ?? ""
    }
    preloadEngine()
  }

  /// Loads the chosen engine in the background so the first dictation does not wait for it.
  func preloadEngine() {
    let (engines, choice) = (engines, DictationSettings.load(from: database).engine())
    Task { _ = try? await engines.engine(for: choice) }
  }
}
