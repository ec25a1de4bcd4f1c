import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The phone's audio rules between two real processes: `utter host` in the background of a phone as strict as iOS
/// (the microphone keeps running there but cannot start again), and `utter keyboard`.
@Suite("Keyboard↔app session: audio on a strict phone", .serialized, .enabled(if: SyntheticSpeech.isAvailable))
struct StrictPhoneAudioTests {
  @Test(
    "AirPods in the background: the dictation records from the iPhone's microphone, and the host says why in one line")
  func airPodsInTheBackground() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let speech = try workspace.speech("The report is ready for review.")
    let host = try workspace.startHost(
      mic: speech, extra: ["--headset", "bluetooth", "--microphone", "headset"])
    defer { host.terminate() }
    #expect(await host.log("the app is in the background", timeout: 120), "\(host.stderr)")
    let keyboard = try await workspace.runKeyboard("start; wait 2; stop; wait-insert 120; end-session", timeout: 200)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(await host.exit(timeout: 60))
    let log = host.stderr
    let why = log.split(separator: "\n").filter { $0.contains("Recording from the iPhone's microphone") }
    #expect(why.count == 1, "one line says why: \(log)")
    #expect(!log.contains("Bluetooth hands-free"), "AirPods never switched to call quality")
    #expect(!log.contains("cannot start"), "iOS refused nothing: \(log)")
    let inserted = keyboard.stderr.split(separator: "\n").filter { $0.hasPrefix("keyboard: inserted: ") }
    #expect(inserted.count == 1, "the dictation is delivered: \(keyboard.stderr)")
    if workspace.engine == "whisper" { #expect(keyboard.stdout.lowercased().contains("the report is ready")) }
  }

  @Test(
    "a call that ends in the background: the keyboard says to open Utter, and opening it brings the microphone back")
  func openTheAppAfterACall() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let speech = try workspace.speech("Back after the call.")
    let host = try workspace.startHost(mic: speech)
    defer { host.terminate() }
    #expect(await host.log("the app is in the background", timeout: 120), "\(host.stderr)")
    kill(host.process.processIdentifier, SIGUSR1)
    #expect(await host.log("a call took the microphone"))
    let during = try await workspace.runKeyboard("wait-phase ready 60; start; status", timeout: 120)
    #expect(during.stderr.contains("keyboard: interrupted: A call or Siri has the microphone."), "\(during.stderr)")
    #expect(await host.log("live activity: Paused"), "the lock screen says the call holds it: \(host.stderr)")

    kill(host.process.processIdentifier, SIGUSR2)
    #expect(await host.log("microphone restart failed"), "iOS refuses to start it from the background")
    #expect(await host.log("live activity: Open Utter to resume"), "not 'Paused' over a hold only the app lifts")
    let after = try await workspace.runKeyboard("wait-phase ready 60; start; status", timeout: 120)
    #expect(
      after.stderr.contains(
        "keyboard: interrupted: iOS stopped the microphone while Utter was in the background. "
          + "Open Utter to turn it back on."), "\(after.stderr)")

    // The user taps the mic, reads the line, and taps Open Utter: the keyboard opens the app (here the test brings it
    // forward, as iOS does), and that tap records once the microphone is back.
    let keyboard = try workspace.startKeyboard(
      "wait-phase ready 60; start; wait-phase interrupted 30; start; wait-phase listening 60; wait 2; stop; "
        + "wait-insert 120", label: "keyboard")
    defer { keyboard.terminate() }
    #expect(await keyboard.log("keyboard: opening Utter", timeout: 60), "\(keyboard.stderr)")
    kill(host.process.processIdentifier, SIGCONT)
    #expect(await keyboard.exit(timeout: 200))
    #expect(keyboard.process.terminationStatus == 0, "\(keyboard.stderr)")
    #expect(host.stderr.contains("microphone running (app became active)"))
    #expect(
      keyboard.stderr.contains("keyboard: inserted: "), "the tap that opened the app recorded: \(keyboard.stderr)")
    if workspace.engine == "whisper" {
      let text = (try? String(contentsOf: workspace.dir.path("keyboard.stdout"), encoding: .utf8)) ?? ""
      #expect(text.lowercased().contains("after the call"), "\(text)")
    }
  }
}
