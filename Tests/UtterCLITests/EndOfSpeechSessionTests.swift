import Foundation
import TestSupport
import Testing

/// `utter host` ends a dictation by itself once the user stops speaking, when the `end-of-speech` setting is on.
@Suite(
  "Keyboard↔app session: a dictation ends when the speaking does", .serialized,
  .enabled(if: SyntheticSpeech.isAvailable))
struct EndOfSpeechSessionTests {
  /// The evaluation sentences this test speaks, each with a one-second pause in its middle.
  static let sentences: [String] = {
    let url = PackagePaths.file("Tests/UtterCLITests/Fixtures/end-of-speech-sentences.txt")
    return ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }()

  /// `sentence` spoken in two halves with a second of silence between them; its length in seconds.
  static func pausedSpeech(_ sentence: String, in workspace: SessionWorkspace) throws -> (URL, Double) {
    var samples: [Float] = []
    for (index, half) in halves(of: sentence).enumerated() {
      if index > 0 { samples += AudioSignals.silence(duration: 1) }
      samples += try EngineFixtures.readPCM16(try workspace.speech(half, name: "half\(index)"))
    }
    let url = workspace.dir.path("paused.wav")
    try WAVWriter.write(samples, sampleRate: 16_000, to: url)
    return (url, Double(samples.count) / 16_000)
  }

  /// The sentence's first and second half, by words.
  static func halves(of sentence: String) -> [String] {
    let words = sentence.split(separator: " ")
    return [words.prefix(words.count / 2), words.dropFirst(words.count / 2)].map { $0.joined(separator: " ") }
  }

  /// The audio length at which the host stopped on silence, from its log line.
  static func stoppedAt(_ log: String) -> Double? {
    guard let line = log.split(separator: "\n").first(where: { $0.contains("stopping as done") }),
      let range = line.range(of: #"at [0-9.]+ s of audio"#, options: .regularExpression)
    else { return nil }
    return Double(line[range].dropFirst(3).dropLast(12))
  }

  @Test("with end-of-speech at 2 s, each sentence is delivered whole, stopped within 2.5 s of its last word")
  func endsOnSilence() async throws {
    #expect(Self.sentences.count == 5)
    for sentence in Self.sentences {
      let workspace = try SessionWorkspace()
      defer { workspace.remove() }
      let set = try await UtterBinary.run(
        ["settings", "set", "end-of-speech", "2", "--data-dir", workspace.dataDirectory.path])
      #expect(set.status == 0, "\(set.stderr)")
      let (speech, length) = try Self.pausedSpeech(sentence, in: workspace)
      let host = try workspace.startHost(mic: speech)
      defer { host.terminate() }
      #expect(await host.log("ready"))

      let keyboard = try await workspace.runKeyboard("start; wait-insert 60")
      #expect(keyboard.status == 0, "\(keyboard.stderr)")
      #expect(keyboard.stderr.contains("keyboard: inserted"), "no ✓ was tapped: \(sentence)")
      let stopped = try #require(Self.stoppedAt(host.stderr), "\(host.stderr)")
      #expect(stopped > length, "not in the pause: stopped at \(stopped) s of \(length) s (\(sentence))")
      #expect(stopped <= length + 2.5, "stopped at \(stopped) s, last word by \(length) s (\(sentence))")
      if workspace.engine == "whisper" {
        // Both halves are in the text: most of each half's longer words (the small engine mishears a few).
        let inserted = String(keyboard.stdout.lowercased().map { $0.isLetter ? $0 : " " })
        for half in Self.halves(of: sentence) {
          let longer = half.split(separator: " ").filter { $0.count >= 4 }
          let heard = longer.filter { inserted.contains(String($0).lowercased()) }
          #expect(heard.count * 2 >= longer.count, "'\(half)' in '\(inserted)'")
        }
      }
      await host.stop()
    }
  }

  @Test("off (the default), the dictation goes on recording through the quiet until ✓")
  func offKeepsRecording() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let (speech, _) = try Self.pausedSpeech(try #require(Self.sentences.first), in: workspace)
    let host = try workspace.startHost(mic: speech)
    defer { host.terminate() }
    #expect(await host.log("ready"))
    let keyboard = try await workspace.runKeyboard("start; wait 8; status; stop; wait-insert 60")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("keyboard status: listening"), "\(keyboard.stderr)")
    #expect(!host.stderr.contains("stopping as done"))
    #expect(keyboard.stderr.contains("keyboard: inserted"))
  }
}

/// A setting changed while `utter host` runs applies from its next dictation.
@Suite(
  "Keyboard↔app session: the running session follows the settings", .serialized,
  .enabled(if: SyntheticSpeech.isAvailable))
struct SettingsFollowSessionTests {
  @Test("polish set with utter settings while the host runs polishes the next dictation, and the host says so")
  func polishTurnedOnMidSession() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let polisher = try await FakeLLMServer(reply: "ECHO station=>harbour", in: workspace.dir, name: "polish")
    defer { polisher.stop() }
    let environment = ["UTTER_OPENAI_COMPATIBLE_POLISH_API_KEY": ""]
    let host = try workspace.startHost(
      mic: try workspace.speech("We will meet at the station tomorrow morning."), environment: environment)
    defer { host.terminate() }
    #expect(await host.log("ready"))

    let before = try await workspace.runKeyboard("start; wait 2.5; stop; wait-insert 30")
    #expect(before.status == 0, "\(before.stderr)")
    #expect(polisher.requests.isEmpty, "polish is off")

    let data = ["--data-dir", workspace.dataDirectory.path]
    for command in [
      ["settings", "set", "polish-base-url", polisher.baseURL], ["keys", "set", "openai-compatible-polish", "own-key"],
      ["settings", "set", "polish-provider", "openai-compatible"],
    ] {
      let result = try await UtterBinary.run(command + data, environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
    }
    let after = try await workspace.runKeyboard("start; wait 2.5; stop; wait-insert 30")
    #expect(after.status == 0, "\(after.stderr)")
    #expect(host.stderr.contains("settings changed: polish-provider, polish-base-url"), "\(host.stderr)")
    #expect(polisher.requests.contains("auth=Bearer own-key"), "the next dictation was polished")
    if workspace.engine == "whisper" {
      #expect(!before.stdout.lowercased().contains("harbour"))
      #expect(after.stdout.lowercased().contains("harbour"), "\(after.stdout)")
    }
  }
}

/// Hold the mic key to talk, let go to send; a short press keeps today's tap.
@Suite(
  "Keyboard↔app session: hold to talk", .serialized,
  .enabled(if: SyntheticSpeech.isAvailable))
struct HoldToTalkSessionTests {
  @Test("holding the mic key records while held and letting go inserts the text, without ✓")
  func holdSends() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(mic: try workspace.speech("We will meet at the station tomorrow morning."))
    defer { host.terminate() }
    #expect(await host.log("ready"))
    let keyboard = try await workspace.runKeyboard("hold 2.5; wait-insert 30")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("keyboard: inserted"))
    if workspace.engine == "whisper" { #expect(keyboard.stdout.lowercased().contains("station")) }
  }

  @Test("a press shorter than a hold is a tap: the dictation goes on until ✓")
  func shortPressToggles() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let host = try workspace.startHost(mic: try workspace.speech("Good morning."))
    defer { host.terminate() }
    #expect(await host.log("ready"))
    let keyboard = try await workspace.runKeyboard("hold 0.1; wait 1.5; status; stop; wait-insert 30")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("keyboard status: listening"), "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("keyboard: inserted"))
  }
}
