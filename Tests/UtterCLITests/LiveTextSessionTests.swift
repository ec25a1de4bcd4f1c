import AudioInput
import Foundation
import TestSupport
import Testing

/// Live text and the final text, with the host and the keyboard as two real processes.
@Suite("Keyboard↔app session: live text", .serialized, .enabled(if: SyntheticSpeech.isAvailable))
struct LiveTextSessionTests {
  static let sentence = "We will meet at the station tomorrow morning, and then we drive to the coast."

  /// A word of the sentence as the workspace's engine hears it.
  static func word(_ workspace: SessionWorkspace) -> String { workspace.engine == "whisper" ? "station" : "heard" }

  /// An `utter host` whose microphone speaks the sentence then 1.5 s of silence (so that the recording and the file
  /// hold the same speech and context), ready; and that audio file.
  static func hostSpeakingTheSentence(in workspace: SessionWorkspace) async throws -> (
    mic: URL, host: SessionHostProcess
  ) {
    let spoken = try AudioFileDecoder.decode(contentsOf: try workspace.speech(sentence)).samples
    let mic = workspace.dir.path("padded.wav")
    try WAVWriter.write(spoken + [Float](repeating: 0, count: 24_000), sampleRate: 16_000, to: mic)
    let host = try workspace.startHost(mic: mic, speed: 1)
    #expect(await host.log("ready"))
    return (mic, host)
  }

  @Test("words show while the user speaks, in order, and the inserted text equals the file transcription")
  func liveTextThenFileEqualFinal() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let (mic, host) = try await Self.hostSpeakingTheSentence(in: workspace)
    defer { host.terminate() }

    let keyboard = try await workspace.runKeyboard(
      "start; wait-partial \(Self.word(workspace)) 60; wait-phase listening 1; wait 4; stop; wait-insert 60; use-raw",
      environment: [:], timeout: 120, partials: true)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    let revisions = keyboard.stderr.split(separator: "\n").compactMap { line -> Int? in
      guard line.hasPrefix("partial ") else { return nil }
      return Int(line.dropFirst(8).prefix { $0.isNumber })
    }
    #expect(!revisions.isEmpty, "\(keyboard.stderr)")
    #expect(revisions == revisions.sorted() && Set(revisions).count == revisions.count, "\(revisions)")
    #expect(keyboard.stderr.contains("keyboard: inserted"))
    await host.stop()

    let file = try await UtterBinary.run(
      ["transcribe", "--raw", "--engine", workspace.engine, "--data-dir", workspace.dataDirectory.path, mic.path],
      timeout: 120)
    #expect(file.status == 0, "\(file.stderr)")
    let inserted = keyboard.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(inserted == file.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  @Test(
    "the live text is cleaned up for the field as the inserted text will be: after 'I said' it goes on in lower case")
  func liveTextFitsTheField() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let (_, host) = try await Self.hostSpeakingTheSentence(in: workspace)
    defer { host.terminate() }

    let keyboard = try await workspace.runKeyboard(
      "start; wait-partial \(Self.word(workspace)) 60; wait 4; stop; wait-insert 60", text: "I said", environment: [:],
      timeout: 120,
      partials: true)
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    // "partial REVISION: CONFIRMED | VOLATILE"
    let shown = keyboard.stderr.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("partial "), let colon = line.firstIndex(of: ":") else { return nil }
      return line[line.index(after: colon)...].replacingOccurrences(of: " | ", with: " ")
        .trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    #expect(!shown.isEmpty, "\(keyboard.stderr)")
    #expect(shown.allSatisfy { $0.first?.isLowercase == true }, "\(shown)")
    let document = keyboard.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(document.hasPrefix("I said we will meet"), "\(document)")
    await host.stop()
  }
}
