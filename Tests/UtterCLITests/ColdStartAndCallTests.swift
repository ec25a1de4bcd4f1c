import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The phone's hard cases between two real processes: a tap before the engine has loaded, a call, AirPods with music,
/// a memory warning, and a microphone released after each dictation.
@Suite(
  "Keyboard↔app session: cold taps, calls, AirPods, memory", .serialized, .enabled(if: SyntheticSpeech.isAvailable))
struct ColdStartAndCallTests {
  @Test("a tap while the engine is still loading records from the tap: the first and last words are kept")
  func coldTapLosesNothing() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let speech = try workspace.speech("Please send the quarterly report to the finance team before Friday.")
    let host = try workspace.startHost(mic: speech, speed: 1, extra: ["--engine-delay", "6"])
    defer { host.terminate() }
    // NB: the keyboard is tapped at once; the host is up in well under a second, its engine six seconds later.
    let keyboard = try await workspace.runKeyboard("start; wait 4.5; stop; wait-insert 120", timeout: 200)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("keyboard: listening"))
    let log = host.stderr
    let recording = try #require(log.range(of: "recording dictation"), "\(log)")
    let ready = try #require(log.range(of: "speech engine ready"), "\(log)")
    #expect(recording.lowerBound < ready.lowerBound, "the recording began before the engine was ready")
    if workspace.engine == "whisper" {
      let text = keyboard.stdout.lowercased()
      #expect(text.contains("please send"), "the start of the speech is kept: \(text)")
      #expect(text.contains("friday"), "and its end: \(text)")
    }
  }

  @Test(
    "--interrupt-at 2:3: the words before the call are delivered; after it, the tap that opens Utter records again")
  func callKeepsTheWordsBeforeIt() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let speech = try workspace.speech("The weather today is cold and windy with a chance of rain.")
    let host = try workspace.startHost(mic: speech, speed: 1, extra: ["--interrupt-at", "2:3"])
    defer { host.terminate() }
    // NB: the first dictation ends with the call (2 s in), so its text comes at least 2 s after the tap and the call,
    // 3 s long, is over 4.5 s later. Utter is in the background, where iOS does not start its microphone again: the
    // next tap says to open Utter, a second opens it (the test brings it forward, as iOS does), and that one records.
    let started = try workspace.startKeyboard(
      "wait-phase ready 60; start; wait-insert 120; wait 4.5; start; wait-phase interrupted 30; start; "
        + "wait-phase listening 60; wait 4.5; stop; wait-insert 120", label: "keyboard")
    defer { started.terminate() }
    #expect(await started.log("keyboard: opening Utter", timeout: 200), "\(started.stderr)")
    kill(host.process.processIdentifier, SIGCONT)
    #expect(await started.exit(timeout: 300))
    let keyboard = ProcessOutput(
      status: started.process.terminationStatus,
      stdout: (try? String(contentsOf: workspace.dir.path("keyboard.stdout"), encoding: .utf8)) ?? "",
      stderr: started.stderr)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(host.stderr.contains("a call took the microphone"))
    #expect(host.stderr.contains("microphone running (app became active)"), "\(host.stderr)")
    let inserted = keyboard.stderr.split(separator: "\n").filter { $0.hasPrefix("keyboard: inserted: ") }
    #expect(inserted.count == 2, "\(keyboard.stderr)")
    #expect(try workspace.historyRows().count == 2)
    let notices = keyboard.stderr.split(separator: "\n").filter { $0.hasPrefix("keyboard: notice: ") }
    #expect(
      notices == ["keyboard: notice: Cut off by a call or Siri: this is what you said before it."],
      "the cut dictation says so, the next one, stopped by the user, does not: \(keyboard.stderr)")
    if workspace.engine == "whisper", inserted.count == 2 {
      let before = inserted[0].lowercased()
      #expect(before.contains("today is cold"), "the words said before the call: \(before)")
      #expect(!before.contains("rain"), "nothing said after the call began: \(before)")
      #expect(inserted[1].lowercased().contains("rain"), "the next dictation recorded all of it: \(inserted[1])")
    }
  }

  @Test("AirPods in Utter's own dictation: the iPhone's microphone with music playing; in silence the AirPods' own")
  func airPodsRoutePerDictation() async throws {
    for music in [true, false] {
      let workspace = try SessionWorkspace()
      defer { workspace.remove() }
      let speech = try workspace.speech("Music keeps playing.")
      // NB: Utter on screen, as its own dictation button is (keyboard dictations, in the background, keep the
      // iPhone's microphone: StrictPhoneAudioTests).
      let host = try workspace.startHost(
        mic: speech, extra: ["--headset", "bluetooth", "--app-dictation", "note:2"] + (music ? ["--music"] : []))
      defer { host.terminate() }
      #expect(await host.log("app dictation (note)", timeout: 120), "\(host.stderr)")
      let keyboard = try await workspace.runKeyboard("end-session", timeout: 60)
      #expect(keyboard.status == 0, "\(keyboard.stderr)")
      #expect(await host.exit(timeout: 60))
      let plans = host.stderr.split(separator: "\n").compactMap { line in
        line.range(of: "audio session: ").map { String(line[$0.upperBound...]) }
      }
      let standby = "active, the iPhone's microphone; mix with others, Bluetooth music, speaker"
      let recording =
        music
        ? "active, the iPhone's microphone; duck others, Bluetooth music, speaker"
        : "active, the headset's microphone; duck others, Bluetooth hands-free, Bluetooth music, speaker"
      // NB: the app is in the foreground, so ducking is switched by activating the session again (iOS applies it
      // only at activation): inactive, then the recording's session, and the same back to standby.
      #expect(plans == [standby, "inactive", recording, "inactive", standby, "inactive"], "music \(music): \(plans)")
      #expect(host.stderr.contains("other audio lowered"), "the ducking took effect")
    }
  }

  @Test("a memory warning (SIGHUP) frees the model; the next dictation records at once and loads it behind")
  func memoryWarning() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let speech = try workspace.speech("Memory is short today.")
    let host = try workspace.startHost(mic: speech)
    defer { host.terminate() }
    #expect(await host.log("speech engine ready", timeout: 120))
    kill(host.process.processIdentifier, SIGHUP)
    #expect(await host.log("engine unloaded: memory is short"))
    let keyboard = try await workspace.runKeyboard("start; wait 2; stop; wait-insert 120", timeout: 200)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    let log = host.stderr
    #expect(log.components(separatedBy: "loading the speech engine").count - 1 == 2, "loaded again for the dictation")
    if workspace.engine == "whisper" { #expect(keyboard.stdout.lowercased().contains("short today")) }
  }

  @Test("'release after each dictation': the session ends once the text is delivered; the next tap opens it again")
  func releaseAfterEachDictation() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let set = try await UtterBinary.run([
      "settings", "set", "session-timeout", "dictation", "--data-dir", workspace.dataDirectory.path,
    ])
    #expect(set.status == 0, "\(set.stderr)")
    let host = try workspace.startHost(mic: try workspace.speech("Only this one."))
    defer { host.terminate() }
    let keyboard = try await workspace.runKeyboard("start; wait 2; stop; wait-insert 120; wait 1; status", timeout: 200)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(await host.exit(timeout: 30), "the microphone is released: the session is over")
    #expect(host.stderr.contains("audio session: inactive"))
    #expect(keyboard.stderr.contains("keyboard status: inactive"), "the next tap opens the app again")
  }
}
