import Foundation
import TestSupport
import Testing

@Suite("progress of a long transcription")
struct TranscribeProgressTests {
  /// About 50 s of LibriVox speech, so that the engine is called on more than one window.
  func longRecording(in dir: TemporaryDirectory) throws -> URL {
    let librivox = EngineFixtures.pocketsphinxData.appendingPathComponent("librivox")
    let parts = ["0870", "0880", "0890", "0920", "0930"].map {
      librivox.appendingPathComponent("sense_and_sensibility_01_austen_64kb-\($0).wav").path
    }
    let url = dir.path("long.wav")
    try SyntheticSpeech.run("sox", parts + parts + [url.path])
    return url
  }

  @Test(
    "on a terminal, stderr shows the percent of audio done; in a pipe it shows nothing",
    .enabled(if: SyntheticSpeech.which("sox") != nil && SyntheticSpeech.which("script") != nil))
  func percentOnTerminalOnly() async throws {
    guard engineAvailable() else { return }
    let dir = try TemporaryDirectory("utter-progress")
    defer { dir.remove() }
    let file = try longRecording(in: dir)
    let data = dir.path("data").path
    let quoted = [UtterBinary.url.path, "transcribe", "--no-history", "--data-dir", data, file.path]
      .map { "'\($0)'" }.joined(separator: " ")
    // `script` runs utter on a pseudo-terminal, as a person at a shell would; its output is what they see.
    let log = dir.path("terminal.log")
    try SyntheticSpeech.run("script", ["-qec", quoted, log.path])
    let screen = try String(contentsOf: log, encoding: .utf8)
    let percents = screen.components(separatedBy: "transcribing long.wav: ").dropFirst()
      .compactMap { Int($0.prefix { $0.isNumber }) }
    #expect(percents.count >= 2, "\(screen)")
    #expect(percents == percents.sorted() && (percents.last ?? 0) >= 90, "\(percents)")
    #expect(screen.contains("Dashwood"))

    let piped = try await UtterBinary.run(["transcribe", "--no-history", "--data-dir", data, file.path])
    #expect(piped.status == 0)
    #expect(piped.stderr.isEmpty)
    #expect(piped.stdout.contains("Dashwood"))
  }
}
