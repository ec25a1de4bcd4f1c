import ArgumentParser
import Dictation
import DictationHost
import Foundation
import Logging
import PhoneRules
import PhoneSession
import Storage

/// `utter host --app-dictation WHERE:SECONDS`: the app's own dictation button, pressed once the session is ready.
struct AppDictationPlan: Sendable, Hashable {
  /// Where its text goes, by the screen the user dictated on.
  enum Place: String, CaseIterable, Sendable {
    /// The quick dictation the widget opens: for the next keyboard's cursor.
    case widget
    /// The quick dictation Siri, the Action Button or Control Center's control opens: for the next keyboard's cursor.
    case shortcut
    /// A new note: kept by the app.
    case note
    /// The "Dictate Text" Shortcut: returned to the shortcut that ran it.
    case shortcutText = "shortcut-text"

    var target: AppDictationTarget {
      switch self {
      case .widget: .cursor(.widget)
      case .shortcut: .cursor(.shortcut)
      case .note: .app
      case .shortcutText: .shortcut
      }
    }
  }

  var place: Place
  /// How long the user speaks before tapping done.
  var seconds: Double

  static func parse(_ text: String) throws -> AppDictationPlan {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    let places = Place.allCases.map(\.rawValue).joined(separator: ", ")
    guard parts.count == 2, let place = Place(rawValue: String(parts[0])), let seconds = Double(parts[1]),
      seconds > 0, seconds <= 600
    else {
      throw ValidationError("--app-dictation must be WHERE:SECONDS (WHERE: \(places); 0 < SECONDS ≤ 600), not \(text)")
    }
    return AppDictationPlan(place: place, seconds: seconds)
  }

  /// Presses the app's dictation button (the app's own `AppDictation`, on the simulated phone's pasteboard), speaks
  /// for `seconds`, taps done and logs where the text went.
  @MainActor
  func play(on host: DictationHost, phone: SimulatedPhoneAudio, database: AppDatabase?, logger: Logger) async {
    var pasteboard = GeneralPasteboard.Simulated()
    let clipboard = AppClipboard(
      autoCopy: { DictationSettings.load(from: database).settings.autoCopy }, scene: { phone.scene },
      write: { text in
        do {
          try pasteboard.write(text, by: .app(phone.scene))
          logger.info("app copied: \(text)")
        } catch { logger.warning("app did not copy: \(error)") }
      })
    let shortcut = ShortcutDictation()
    let button = AppDictation(clipboard: clipboard, shortcut: shortcut) { host }
    let target = place.target
    let returned = Task { @MainActor in
      guard target == .shortcut else { return nil as String? }
      do { return try await shortcut.text { button.start(target: target) } } catch {
        return "(\((error as? ShortcutDictationError)?.message ?? "\(error)"))"
      }
    }
    if target != .shortcut { button.start(target: target) }
    logger.info("app dictation (\(place.rawValue)) listening")
    guard await Self.waitUntil(30, { button.phase == .listening }) else {
      return logger.error("app dictation did not start: \(button.phase)")
    }
    try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
    button.finish()
    _ = await Self.waitUntil(300) {
      if case .done = button.phase { return true }
      if case .failed = button.phase { return true }
      return false
    }
    switch button.phase {
    case .done(let text, _, _):
      logger.info("app dictation (\(place.rawValue)): \(text)")
      if target.offersToKeyboard { logger.info("offered to the next keyboard") }
    case .failed(let message): logger.error("app dictation failed: \(message)")
    default: logger.error("app dictation did not finish: \(button.phase)")
    }
    if let text = await returned.value { logger.info("shortcut got: \(text)") }
  }

  /// Polls `condition` on the main actor every 5 ms for up to `seconds`.
  @MainActor
  static func waitUntil(_ seconds: Double, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline, !condition() { try? await Task.sleep(nanoseconds: 5_000_000) }
    return condition()
  }
}
