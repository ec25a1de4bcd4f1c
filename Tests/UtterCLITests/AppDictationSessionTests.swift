import Foundation
import TestSupport
import Testing

/// A dictation made outside the keyboard (the app's button on the quick dictation screen, as the widget or a Shortcut
/// opens it) with `utter host` and `utter keyboard` as two real processes.
@Suite(
  "Keyboard↔app session: dictations made outside the keyboard", .serialized,
  .enabled(if: SyntheticSpeech.isAvailable))
struct AppDictationSessionTests {
  static let sentence = "Call the dentist about Thursday."

  /// Runs `utter ARGUMENTS --data-dir` on the workspace's data folder.
  func utter(_ arguments: [String], in workspace: SessionWorkspace) async throws {
    let output = try await UtterBinary.run(arguments + ["--data-dir", workspace.dataDirectory.path], timeout: 60)
    #expect(output.status == 0, "utter \(arguments.joined(separator: " ")): \(output.stderr)")
  }

  @Test("a widget dictation is inserted by the next keyboard exactly once; with auto-copy on both copy it")
  func widgetDictationReachesTheCursorOnce() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    try await utter(["settings", "set", "auto-copy", "on"], in: workspace)
    try await utter(["settings", "export-keyboard", "--container", workspace.container.path], in: workspace)
    let host = try workspace.startHost(
      mic: try workspace.speech(Self.sentence), extra: ["--app-dictation", "widget:3"])
    defer { host.terminate() }
    #expect(await host.log("offered to the next keyboard", timeout: 90), "\(host.stderr)")
    #expect(host.stderr.contains("app copied: "), "the app is on screen: it copies its own dictation")

    let keyboard = try await workspace.runKeyboard("wait-insert 30", text: "Reminder: ")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    let inserted = String(keyboard.stdout.trimmingCharacters(in: .newlines).dropFirst("Reminder: ".count))
    #expect(!inserted.isEmpty)
    if workspace.engine == "whisper" { #expect(inserted.lowercased().contains("dentist")) }
    #expect(keyboard.stderr.contains("keyboard: inserted: \(inserted)"))
    #expect(keyboard.stderr.contains("keyboard: copied: \(inserted)"))
    #expect(host.stderr.contains("app dictation (widget): \(inserted)"))

    let again = try await workspace.runKeyboard("wait 1.5", text: "Later: ")
    #expect(again.status == 0)
    #expect(again.stdout.trimmingCharacters(in: .newlines) == "Later: ", "inserted once, never again")
    #expect(!again.stderr.contains("copied"))
    await host.stop()
    let rows = try workspace.historyRows()
    #expect(rows.count == 1)
    #expect(rows.first?.contains("|complete|widget|1|") == true, "\(rows)")
  }

  @Test("with the session ended after each dictation, a Shortcut's dictation still reaches the next keyboard, once")
  func offerOutlivesTheSession() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    try await utter(["settings", "set", "session-timeout", "dictation"], in: workspace)
    let host = try workspace.startHost(
      mic: try workspace.speech(Self.sentence), extra: ["--app-dictation", "shortcut:3"])
    defer { host.terminate() }
    #expect(await host.log("offered to the next keyboard", timeout: 90), "\(host.stderr)")
    #expect(await host.exit(timeout: 60), "the session ends with the delivery: \(host.stderr)")

    let keyboard = try await workspace.runKeyboard("wait-insert 30", text: "Reminder: ")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    let inserted = String(keyboard.stdout.trimmingCharacters(in: .newlines).dropFirst("Reminder: ".count))
    #expect(!inserted.isEmpty, "\(keyboard.stderr)")
    if workspace.engine == "whisper" { #expect(inserted.lowercased().contains("dentist")) }
    #expect(!keyboard.stderr.contains("not live"))
    let again = try await workspace.runKeyboard("wait 1.5", text: "Later: ")
    #expect(again.stdout.trimmingCharacters(in: .newlines) == "Later: ", "inserted once, never again")

    // The next session counts the keyboard's acknowledgement: history has it delivered.
    let next = try workspace.startHost(mic: try workspace.speech(Self.sentence), label: "host2")
    defer { next.terminate() }
    #expect(await next.log("ready", timeout: 90), "\(next.stderr)")
    await next.stop()
    let rows = try workspace.historyRows()
    #expect(rows.count == 1)
    #expect(rows.first?.contains("|complete|shortcut|1|") == true, "\(rows)")
  }

  @Test(
    "while the app dictates, the keyboard says so and offers no ✓: its stop and cancel leave the dictation whole, and the keys come back when it ends"
  )
  func keyboardShowsTheAppsDictation() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(
      mic: try workspace.speech(Self.sentence), label: "note", extra: ["--app-dictation", "note:5"])
    defer { host.terminate() }
    #expect(await host.log("app dictation (note) listening", timeout: 90), "\(host.stderr)")

    let keyboard = try await workspace.runKeyboard(
      "wait-note Dictating in Utter 30; stop; cancel; status; wait-phase ready 60")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("keyboard status: listening (mic: busy)"), "\(keyboard.stderr)")
    #expect(!keyboard.stderr.contains("keyboard: transcribing"), "no Cancel as the app writes: \(keyboard.stderr)")
    #expect(await host.log("app dictation (note): ", timeout: 90), "\(host.stderr)")
    // NB: the test microphone plays faster than speech; 5 s of the app's recording hold 5 s times its speed-up.
    let delivered = host.stderr.split(separator: "\n").first {
      $0.contains("delivered dictation") && $0.contains("-app-1 (")
    }
    let recorded = delivered?.split(separator: "(").last?.split(separator: " ").first.flatMap { Double($0) }
    #expect((recorded ?? 0) >= 5, "recorded as long as the app asked, not stopped by the keyboard: \(host.stderr)")
    if workspace.engine == "whisper" { #expect(host.stderr.lowercased().contains("dentist about thursday")) }
    await host.stop()
  }

  @Test("a note kept by the app and a Shortcut's text are never typed by the keyboard; auto-copy off copies nothing")
  func keptTextIsNotOffered() async throws {
    for (place, log) in [("note", "app dictation (note): "), ("shortcut-text", "shortcut got: ")] {
      let workspace = try SessionWorkspace()
      defer { workspace.remove() }
      let host = try workspace.startHost(
        mic: try workspace.speech(Self.sentence), label: place, extra: ["--app-dictation", "\(place):3"])
      defer { host.terminate() }
      #expect(await host.log(log, timeout: 90), "\(host.stderr)")
      #expect(!host.stderr.contains("offered to the next keyboard"))
      #expect(!host.stderr.contains("app copied"))

      let keyboard = try await workspace.runKeyboard("wait 1.5", text: "Reminder: ")
      #expect(keyboard.status == 0, "\(keyboard.stderr)")
      #expect(keyboard.stdout.trimmingCharacters(in: .newlines) == "Reminder: ", "\(place)")
      await host.stop()
    }
  }
}
