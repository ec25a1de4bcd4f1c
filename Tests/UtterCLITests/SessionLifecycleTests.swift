import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Sessions ending, crashing and being attacked, with the keyboard and the app as two real processes.
@Suite("Keyboard↔app session: lifecycle and safety", .serialized, .enabled(if: SyntheticSpeech.isAvailable))
struct SessionLifecycleTests {
  @Test("the app killed mid-recording: the keyboard shows inactive; the next start recovers the audio into history")
  func killedMidRecording() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let speech = try workspace.speech("This dictation must survive a crash of the app.")
    let host = try workspace.startHost(mic: speech, speed: 1)
    #expect(await host.log("ready"))

    let keyboard = try workspace.startKeyboard("start; wait 1.5; wait-phase error 60; status", label: "keyboard")
    #expect(await host.log("recording dictation", timeout: 60))
    // Killed once two seconds of the speech are on disk, however long the machine took to record them.
    #expect(await eventually(timeout: 60) { workspace.spooledSeconds >= 2 }, "\(workspace.spooledSeconds) s spooled")
    host.killNow()
    let spool = workspace.dataDirectory.appendingPathComponent("spool")
    let spooled = try FileManager.default.contentsOfDirectory(atPath: spool.path).filter { $0.hasSuffix(".pcm") }
    #expect(spooled.count == 1)

    #expect(await keyboard.exit(timeout: 90))
    #expect(keyboard.process.terminationStatus == 0, "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("keyboard status: error"))
    #expect(keyboard.stderr.contains("Utter stopped. Your dictation was saved in Utter."), "the user is told")

    let restarted = try workspace.startHost(mic: speech, label: "host2")
    defer { restarted.terminate() }
    #expect(await restarted.log("ready"))
    // The engine loads behind the ready session; the crash's audio is read once it has.
    #expect(await restarted.log("recovered dictation", timeout: 120))
    let after = try await workspace.runKeyboard("wait 1.5")
    #expect(after.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    await restarted.stop()
    let rows = try workspace.historyRows()
    #expect(rows.count == 1)
    #expect(rows.first?.contains("|recovered|keyboard|0|") == true, "recovered, and still the keyboard's")
    if workspace.engine == "whisper" { #expect(rows.first?.lowercased().contains("dictation") == true) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path).isEmpty)
  }

  @Test(
    "a keyboard killed mid-recording: the app stops once its signs of life stop, keeps the words, and the next keyboard inserts them"
  )
  func keyboardKilledMidRecording() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let speech = try workspace.speech("The keyboard died while I was talking.")
    let host = try workspace.startHost(mic: speech, speed: 1, extra: ["--keyboard-gone-after", "3"])
    defer { host.terminate() }
    #expect(await host.log("ready"))
    let doomed = try workspace.startKeyboard("start; wait 120", label: "doomed")
    #expect(await host.log("recording dictation", timeout: 60))
    doomed.killNow()
    #expect(await host.log("no sign of life", timeout: 60))
    #expect(await host.log("delivered dictation", timeout: 120))
    let next = try await workspace.runKeyboard("wait-insert 60")
    #expect(next.status == 0, "\(next.stderr)")
    if workspace.engine == "whisper" { #expect(next.stdout.lowercased().contains("keyboard"), "\(next.stdout)") }
    #expect(!next.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    await host.stop()
    let rows = try workspace.historyRows()
    #expect(rows.count == 1)
  }

  @Test("corrupt and hostile files in the container are logged and skipped; dictation carries on")
  func hostileContainer() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(mic: try workspace.speech("Still here."))
    defer { host.terminate() }
    #expect(await host.log("ready"))

    let container = workspace.container
    try Data("{\"commands\": [garbage".utf8).write(to: container.appendingPathComponent("commands.json"))
    try Data(#"{"id":"../../etc/passwd","sessionID":"x","commandSeq":-1,"text":1}"#.utf8)
      .write(to: container.appendingPathComponent("result-evil.json"))
    try Data(count: 2_000_000).write(to: container.appendingPathComponent("result-big.json"))
    try FileManager.default.createSymbolicLink(
      at: container.appendingPathComponent("result-link.json"), withDestinationURL: URL(fileURLWithPath: "/etc/passwd"))
    #expect(mkfifo(container.appendingPathComponent("result-fifo.json").path, 0o644) == 0)
    // A hostile file named like a result of the live session: the keyboard reads it, refuses it and says so.
    let state = try Data(contentsOf: container.appendingPathComponent("state.json"))
    let session = try #require(
      (try JSONSerialization.jsonObject(with: state) as? [String: Any])?["sessionID"] as? String)
    try FileManager.default.createSymbolicLink(
      at: container.appendingPathComponent("result-\(session)-99.json"),
      withDestinationURL: URL(fileURLWithPath: "/etc/passwd"))
    #expect(await host.log("ignoring commands.json", timeout: 60))

    let keyboard = try await workspace.runKeyboard("start; wait 1.5; stop; wait-insert 30")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(!keyboard.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    #expect(keyboard.stderr.contains("ignoring result-\(session)-99.json"))
    #expect(!keyboard.stderr.contains("result-evil"), "results of no live session are never even read")
    #expect(host.process.isRunning)

    // A forged state file claiming a recording is corrected by the next heartbeat and never shown as recording.
    try Data("not json".utf8).write(to: container.appendingPathComponent("state.json"))
    let status = try await workspace.runKeyboard("wait 1.2; status")
    #expect(status.stderr.contains("keyboard status: ready"))
    #expect(host.process.isRunning)
  }

  @Test("the session expires after its timeout: the keyboard shows inactive and the app exits")
  func expiry() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(mic: try workspace.speech("Hi."), timeout: 2)
    defer { host.terminate() }
    #expect(await host.log("ready"))
    let keyboard = try await workspace.runKeyboard("status; wait-phase inactive 60; status")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("keyboard status: ready"))
    #expect(keyboard.stderr.contains("keyboard status: inactive"))
    #expect(await host.exit(timeout: 60))
    #expect(host.process.terminationStatus == 0)
  }

  @Test("SIGTERM ends the session cleanly: the keyboard sees inactive at once, not a stale session")
  func cleanShutdown() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(mic: try workspace.speech("Hi."))
    #expect(await host.log("ready"))
    await host.stop()
    #expect(host.process.terminationStatus == 0)
    let keyboard = try await workspace.runKeyboard("status")
    #expect(keyboard.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "inactive")
  }

  @Test("end-session from the keyboard releases the app")
  func endSession() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(mic: try workspace.speech("Hi."))
    defer { host.terminate() }
    #expect(await host.log("ready"))
    let keyboard = try await workspace.runKeyboard("status; end-session; wait 0.5; status")
    #expect(keyboard.stderr.contains("keyboard status: ready"))
    #expect(keyboard.stderr.contains("keyboard status: inactive"))
    #expect(await host.exit(timeout: 60))
  }

  @Test("a keyboard started with no app running shows inactive, and a start asks to open the app")
  func noApp() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let status = try await workspace.runKeyboard("status")
    #expect(status.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "inactive")
    let start = try await workspace.runKeyboard("start; status")
    #expect(start.stderr.contains("opening Utter"))
    #expect(start.stderr.contains("keyboard status: activating"))
  }

  @Test("a bad script is one clear error line")
  func badScript() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let output = try await workspace.runKeyboard("start; dance")
    #expect(output.status != 0)
    #expect(output.stderr.contains("unknown keyboard step 'dance'"))
  }

  @Test("'replace' groups quoted words, and a bad one or a missing word is one clear error line")
  func replaceStep() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let edited = try await workspace.runKeyboard(
      #"replace "I am" Niamh; replace later "see you then""#, text: "I am late, see you later")
    #expect(edited.status == 0, "\(edited.stderr)")
    #expect(edited.stdout == "Niamh late, see you see you then\n")
    let unclosed = try await workspace.runKeyboard(#"replace "I am Niamh"#)
    #expect(unclosed.status != 0)
    #expect(unclosed.stderr == "utter: an unclosed quote in '\"I am Niamh'\n")
    let oneWord = try await workspace.runKeyboard("replace Shivor")
    #expect(oneWord.stderr.hasPrefix("utter: 'replace' needs the old and the new text"))
    let missing = try await workspace.runKeyboard("replace Shivor Siobhan", text: "Nothing to fix")
    #expect(missing.status == 2)
    #expect(missing.stderr.hasSuffix("utter: 'Shivor' is not in the text field\n"))
    #expect(missing.stdout == "Nothing to fix\n", "the field is left as it was")
  }
}
