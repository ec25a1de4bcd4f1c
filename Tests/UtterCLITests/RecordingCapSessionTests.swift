import Foundation
import TestSupport
import Testing

/// `utter host --max-recording` warns the keyboard before the cap stops a dictation, and keep going gives it another
/// full length; the keyboard names the microphone while it listens, and its mic key says what a tap will do.
@Suite(
  "Keyboard↔app session: the length cap's warning, the microphone and the mic key", .serialized,
  .enabled(if: SyntheticSpeech.isAvailable))
struct RecordingCapSessionTests {
  static let sentence = "We will meet at the station tomorrow morning."

  /// `utter host` with an 8 s cap, its microphone saying `sentence` at speed 1, once it is ready.
  static func cappedHost() async throws -> (SessionWorkspace, SessionHostProcess) {
    let workspace = try SessionWorkspace()
    let host = try workspace.startHost(
      mic: try workspace.speech(sentence), speed: 1, extra: ["--max-recording", "8"])
    #expect(await host.log("ready"))
    return (workspace, host)
  }

  @Test(
    "near an 8 s cap the keyboard counts down with keep going; kept going, it stops by itself at 16 s, text delivered")
  func keepGoingExtendsOnce() async throws {
    let (workspace, host) = try await Self.cappedHost()
    defer {
      host.terminate()
      workspace.remove()
    }

    let keyboard = try await workspace.runKeyboard("start; wait-note Keep going 30; keep-going; wait-insert 60")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    let lines = keyboard.stderr.split(separator: "\n")
    #expect(lines.contains { $0.contains("Using iPhone Microphone · Stops in 0:0") && $0.contains("Keep going") })
    #expect(host.stderr.contains("keeps going: it stops at 16 s"), "\(host.stderr)")
    #expect(host.stderr.contains("stops at the 16 s cap in"), "the second warning")
    #expect(
      lines.contains { $0.contains("Stops in 0:0") && !$0.contains("Keep going") }, "the second offers no more")
    #expect(host.stderr.contains("reached the 16 s limit; stopping"), "no ✓: the extended cap stopped it")
    #expect(keyboard.stderr.contains("keyboard: inserted"))
    if workspace.engine == "whisper" { #expect(keyboard.stdout.lowercased().contains("station")) }
  }

  @Test("without keep going the dictation stops at the 8 s cap by itself and its text is inserted")
  func stopsAtTheCap() async throws {
    let (workspace, host) = try await Self.cappedHost()
    defer {
      host.terminate()
      workspace.remove()
    }

    let keyboard = try await workspace.runKeyboard("start; wait-note Stops in 30; wait-insert 60")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(host.stderr.contains("stops at the 8 s cap in 4 s unless the user keeps going"), "\(host.stderr)")
    #expect(host.stderr.contains("reached the 8 s limit; stopping"))
    #expect(!host.stderr.contains("keeps going: it stops at"))
    #expect(keyboard.stderr.contains("keyboard: inserted"))
    if workspace.engine == "whisper" { #expect(keyboard.stdout.lowercased().contains("station")) }
  }

  @Test("the keyboard names the microphone it records with: the iPhone's, even with AirPods in; a wired headset's own")
  func microphoneShown() async throws {
    for (extra, name) in [
      (["--headset", "bluetooth"], "iPhone"), (["--headset", "bluetooth", "--microphone", "headset"], "iPhone"),
      (["--headset", "wired"], "Headset"),
    ] {
      let workspace = try SessionWorkspace()
      defer { workspace.remove() }
      let host = try workspace.startHost(mic: try workspace.speech(Self.sentence), extra: extra)
      defer { host.terminate() }
      #expect(await host.log("ready"))
      let keyboard = try await workspace.runKeyboard("start; wait-note Using 30; cancel")
      #expect(keyboard.status == 0, "\(keyboard.stderr)")
      #expect(keyboard.stderr.contains("[Using \(name)"), "\(extra): \(keyboard.stderr)")
      await host.stop()
    }
  }

  @Test("the mic key opens Utter before a session, records once it is ready, and asks for Full Access without it")
  func micKeySaysWhatATapDoes() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let before = try await workspace.runKeyboard("wait-phase inactive 5; status")
    #expect(before.stderr.contains("keyboard status: inactive (mic: open-app)"), "\(before.stderr)")
    let host = try workspace.startHost(mic: try workspace.speech("Hi."))
    defer { host.terminate() }
    #expect(await host.log("ready"))
    let ready = try await workspace.runKeyboard("wait-phase ready 10; status")
    #expect(ready.stderr.contains("keyboard status: ready (mic: record)"), "\(ready.stderr)")
    let locked = try await UtterBinary.run(
      [
        "keyboard", "--container", workspace.container.path, "--no-full-access", "--script",
        "wait-phase inactive 5; status",
      ])
    #expect(locked.stderr.contains("keyboard status: inactive (mic: needs-full-access)"), "\(locked.stderr)")
  }
}
