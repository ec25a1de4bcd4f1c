import Foundation
import KeyStore
import Observation
import SessionChannel
import Storage
import SwiftUI
import os

/// The app's composition root: the database, settings, keys, models and the flow session, plus navigation.
@MainActor
@Observable
final class AppModel {
  /// The one database; nil only when it could not be opened (then `databaseProblem` says why).
  let database: AppDatabase?
  private(set) var databaseProblem: String?
  private(set) var settings: UtterSettings
  let keys: any SecretStore = KeychainSecretStore()
  let models = WhisperModelLibrary()
  let flow = FlowSession()
  /// The screen shown over everything (activation, quick dictation).
  var route: AppRoute?
  /// The last error worth a banner, in one line.
  var banner: String?
  var onboardingComplete: Bool {
    didSet { UserDefaults.standard.set(onboardingComplete, forKey: Self.onboardingKey) }
  }

  let engines = EngineLoader()
  private let log = Logger(subsystem: "app.utter", category: "app")
  private static let onboardingKey = "onboarding.complete"

  init() {
    onboardingComplete = UserDefaults.standard.bool(forKey: Self.onboardingKey)
    do {
      let (database, recovery) = try AppDatabase.open(at: Self.dataDirectory)
      self.database = database
      self.settings = (try? database.settings()) ?? UtterSettings()
      if let recovery { databaseProblem = recovery }
      _ = try? database.purgeExpired()
    } catch {
      database = nil
      settings = UtterSettings()
      databaseProblem = "History is unavailable: \(UserMessage.of(error))"
    }
    flow.feedback = DictationFeedback(haptics: settings.haptics, sounds: settings.sounds)
    exportKeyboardSettings()
    if onboardingComplete { preloadEngine() }
  }

  /// Where the database and kept audio live (private to the app; the keyboard never opens the database).
  static var dataDirectory: URL {
    let support =
      FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return support.appendingPathComponent("Utter", isDirectory: true)
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
    flow.feedback = DictationFeedback(haptics: updated.haptics, sounds: updated.sounds)
    exportKeyboardSettings()
  }

  private func exportKeyboardSettings() {
    guard let container = AppGroup.containerURL else { return }
    do {
      try KeyboardSettings(settings).write(toContainer: container)
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

  // MARK: Dictation

  /// Opens the flow session for the keyboard with the current settings.
  func openFlowSession() {
    guard onboardingComplete else { return }
    flow.open(with: dictationPipeline())
  }

  /// Switches to Whisper model `id`, downloading and preparing it first; the prepared engine stays loaded.
  func useWhisperModel(_ id: String) async throws {
    let engine = try await models.install(id)
    updateSettings {
      $0.engine = "whisper"
      $0.model = id
    }
    await engines.adopt(engine, for: settings)
  }

  /// Loads the chosen engine in the background so the first dictation does not wait for it.
  func preloadEngine() {
    let settings = settings
    let models = models
    let keys = keys
    Task { try? await engines.engine(for: settings, models: models, keys: keys) }
  }
}
