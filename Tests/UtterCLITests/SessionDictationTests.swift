import Foundation
import TestSupport
import Testing

/// The keyboard and the containing app as two real processes talking through a shared container.
@Suite("Keyboard↔app session: dictations", .serialized, .enabled(if: SyntheticSpeech.isAvailable))
struct SessionDictationTests {
  static let sentence = "We will meet at the station tomorrow morning."

  @Test("a full dictation: start, speak, stop, and the text is inserted after what was typed")
  func fullDictation() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(mic: try workspace.speech(Self.sentence))
    defer { host.terminate() }
    #expect(await host.log("ready"))

    let keyboard = try await workspace.runKeyboard("type Note:; start; wait 2.5; stop; wait-insert 30")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(keyboard.stdout.hasPrefix("Note: "))
    if workspace.engine == "whisper" {
      #expect(keyboard.stdout.lowercased().contains("station tomorrow"))
    }
    #expect(keyboard.stderr.contains("keyboard: listening"))
    #expect(keyboard.stderr.contains("keyboard: inserted"))

    await host.stop()
    // The dictation is in the database file itself, not only in its write-ahead log.
    let wal = workspace.dataDirectory.appendingPathComponent("utter.sqlite-wal")
    #expect(((try? FileManager.default.attributesOfItem(atPath: wal.path))?[.size] as? Int ?? 0) == 0)
    try? FileManager.default.removeItem(at: wal)
    let rows = try workspace.historyRows()
    #expect(rows.count == 1)
    #expect(rows.first?.contains("|complete|keyboard|1|") == true)
  }

  @Test("two dictations in a row insert two texts and nothing stale afterwards")
  func twoInARow() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(mic: try workspace.speech("Good morning."))
    defer { host.terminate() }
    #expect(await host.log("ready"))

    let keyboard = try await workspace.runKeyboard(
      "start; wait 1.5; stop; wait-insert 30; start; wait 1.5; stop; wait-insert 30")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    let inserted = keyboard.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    if workspace.engine == "whisper" {
      #expect(inserted.lowercased().components(separatedBy: "morning").count - 1 == 2)
    }
    #expect(keyboard.stderr.components(separatedBy: "keyboard: inserted").count - 1 == 2)

    let later = try await workspace.runKeyboard("wait 1.5")
    #expect(later.status == 0)
    #expect(later.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
  }

  @Test("'…see you then, press enter': the text is inserted, then the return key pressed, as a chat sends it")
  func pressEnter() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(
      mic: try workspace.speech("I will call you tomorrow. See you then, press enter."))
    defer { host.terminate() }
    #expect(await host.log("ready"))

    let keyboard = try await workspace.runKeyboard("type Chat:; start; wait 4.5; stop; wait-insert 30; undo")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    guard workspace.engine == "whisper" else { return }
    let line = keyboard.stderr.split(separator: "\n").first { $0.hasPrefix("keyboard: inserted: ") } ?? ""
    #expect(line.hasSuffix(" ⏎"), "the return key after the text: \(keyboard.stderr)")
    #expect(!line.lowercased().contains("press enter"), "the command's words are not typed: \(line)")
    #expect(keyboard.stdout.hasPrefix("Chat: I will call you tomorrow."), "\(keyboard.stdout)")
    #expect(keyboard.stdout.hasSuffix(".\n\n"), "a return after the text, which undo leaves: \(keyboard.stdout)")
    await host.stop()
    let rows = try workspace.historyRows()
    #expect(rows.first?.contains("press enter") == false, "history keeps the text that was typed: \(rows)")
  }

  @Test("cancel throws the dictation away: nothing inserted, now or later, and nothing in history")
  func cancel() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(mic: try workspace.speech(Self.sentence))
    defer { host.terminate() }
    #expect(await host.log("ready"))

    let keyboard = try await workspace.runKeyboard("start; wait 1; cancel; wait 2; status")
    #expect(keyboard.status == 0)
    #expect(keyboard.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    #expect(keyboard.stderr.contains("keyboard status: ready"))
    #expect(await host.log("discarded dictation", timeout: 60))

    let later = try await workspace.runKeyboard("wait 1")
    #expect(later.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    await host.stop()
    #expect(try workspace.historyRows().isEmpty)
  }

  @Test("cancel while the text is polished: never inserted, now or by the next keyboard; history keeps it cancelled")
  func cancelWhileWriting() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let model = try await FakeLLMServer(reply: "HOLD See you at noon.", in: workspace.dir)
    defer { model.stop() }
    try await CommandModeSessionTests.polish(at: model.baseURL, in: workspace)
    let host = try workspace.startHost(mic: try workspace.speech(Self.sentence))
    defer { host.terminate() }
    #expect(await host.log("ready"))

    // The model holds its answer: the keyboard's cancel comes while the text is being written.
    let keyboard = try await workspace.runKeyboard("start; wait 3; stop; wait-phase transcribing 30; cancel; status")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("keyboard status: ready"), "\(keyboard.stderr)")
    #expect(await host.log("cancelled while its text is written", timeout: 30), "\(host.stderr)")
    try model.release()
    #expect(await host.log("cancelled dictation", timeout: 60), "\(host.stderr)")
    #expect(!model.requests.isEmpty, "the text was with the model when the user cancelled")
    let later = try await workspace.runKeyboard("wait 1.5", text: "Later: ")
    #expect(later.stdout.trimmingCharacters(in: .newlines) == "Later: ", "offered to no keyboard")
    #expect(keyboard.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "nothing inserted")
    await host.stop()
    let rows = try workspace.historyRows()
    #expect(rows.count == 1 && rows.first?.contains("|cancelled|keyboard|0|") == true, "\(rows)")
    let audio = workspace.dataDirectory.appendingPathComponent("audio")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: audio.path)) ?? []
    #expect(files.count == 1, "its audio, for Retry: \(files)")
  }

  @Test("a result that arrives after the keyboard left is inserted when it comes back, exactly once")
  func keyboardGoneWhenResultArrives() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(mic: try workspace.speech(Self.sentence))
    defer { host.terminate() }
    #expect(await host.log("ready"))

    let leaving = try await workspace.runKeyboard("start; wait 2.5; stop")
    #expect(leaving.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    #expect(await host.log("delivered dictation", timeout: 30))
    #expect(try workspace.historyRows().first?.contains("|0|") == true)

    let back = try await workspace.runKeyboard("wait 1")
    #expect(back.status == 0)
    let text = back.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(!text.isEmpty)
    if workspace.engine == "whisper" { #expect(text.lowercased().contains("tomorrow")) }

    let again = try await workspace.runKeyboard("wait 1")
    #expect(again.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    await host.stop()
    #expect(try workspace.historyRows().first?.contains("|1|") == true)
  }

  @Test("with change signals off (a missed notification) the text is still delivered, through polling")
  func missedNotification() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let pollOnly = ["UTTER_NOTIFIER": "poll"]
    let host = try workspace.startHost(mic: try workspace.speech("Polling still works."), environment: pollOnly)
    defer { host.terminate() }
    #expect(await host.log("ready"))
    let keyboard = try await workspace.runKeyboard("start; wait 2; stop; wait-insert 30", environment: pollOnly)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(!keyboard.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
  }
}

@Suite("Keyboard↔app session: after insertion", .serialized, .enabled(if: SyntheticSpeech.isAvailable))
struct SessionInsertionTests {
  @Test("undo removes exactly the dictated text and leaves what the user typed")
  func undo() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(mic: try workspace.speech("Please undo this."))
    defer { host.terminate() }
    #expect(await host.log("ready"))
    let keyboard = try await workspace.runKeyboard("start; wait 2; stop; wait-insert 30; undo", text: "Kept text.")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("keyboard: inserted"))
    #expect(keyboard.stdout.trimmingCharacters(in: .newlines) == "Kept text.")
  }

  @Test("a start tapped before the app is up waits for it, then records without a second tap")
  func startBeforeApp() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let speech = try workspace.speech("One tap is enough.")
    let keyboard = try workspace.startKeyboard(
      "start; wait-phase listening 30; wait 2; stop; wait-insert 30", label: "kb")
    // The start is tapped (and the keyboard asks for the app) before the app is up.
    #expect(await keyboard.log("opening Utter", timeout: 60))
    let host = try workspace.startHost(mic: speech)
    defer { host.terminate() }
    #expect(await keyboard.exit(timeout: 60))
    #expect(keyboard.process.terminationStatus == 0, "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("opening Utter"))
    #expect(keyboard.stderr.contains("keyboard: inserted"))
  }
}
