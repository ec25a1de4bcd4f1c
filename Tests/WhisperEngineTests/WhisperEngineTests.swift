import AudioInput
import Foundation
import SpeechEngine
import TestSupport
import Testing

@testable import WhisperEngine

/// The installed engine, or nil (the test is then skipped unless CI demands the engine).
func installedEngine() throws -> WhisperEngine? {
  let installation = EngineInstallation(directory: engineDirectory())
  guard installation.isInstalled(WhisperCatalog.tinyEnglish) else {
    if EngineFixtures.engineRequired {
      Issue.record("the whisper engine is not installed: run `utter engines install`")
    }
    return nil
  }
  return try WhisperEngine(spec: WhisperCatalog.tinyEnglish, installation: installation)
}

func engineDirectory() -> URL {
  if let dir = ProcessInfo.processInfo.environment["UTTER_ENGINES"] { return URL(fileURLWithPath: dir) }
  let home = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
  return URL(fileURLWithPath: home).appendingPathComponent(".cache/utter/engines")
}

@Suite("Embedded Whisper engine", .serialized)
struct WhisperEngineTests {
  @Test("tiny.en transcribes a LibriVox sentence word for word")
  func librivoxSentence() async throws {
    guard let engine = try installedEngine() else { return }
    let url = EngineFixtures.pocketsphinxData.appendingPathComponent(
      "librivox/sense_and_sensibility_01_austen_64kb-0920.wav")
    let transcript = try await engine.transcribe(try EngineFixtures.readPCM16(url), options: .init(beamSize: 5))
    let reference = "had he married a more amiable woman he might have been made still more respectable than he was"
    #expect(WordErrorRate.count(reference: reference, hypothesis: transcript.text).errors == 0, "\(transcript.text)")
    #expect(transcript.text.hasSuffix("."))
    #expect(transcript.language == "en")
    #expect(transcript.model == "tiny.en")
    let words = transcript.segments.flatMap(\.words)
    #expect(words.count >= 6)
    #expect(words.allSatisfy { $0.confidence > 0 && $0.confidence <= 1 && $0.end >= $0.start })
  }

  @Test("the engine's word timestamps fall inside the audio")
  func timestamps() async throws {
    guard let engine = try installedEngine() else { return }
    let samples = try EngineFixtures.readPCM16(EngineFixtures.pocketsphinxData.appendingPathComponent("goforward.raw"))
    let transcript = try await engine.transcribe(samples, options: .init(beamSize: 1))
    #expect(transcript.text.lowercased().contains("go forward"))
    let duration = Double(samples.count) / 16_000
    // NB: read alone this clip's one segment used to be said to end at 7 s of a 2.8 s clip (in the padding).
    for segment in transcript.segments {
      #expect(segment.start >= 0 && segment.start <= segment.end && segment.end <= duration, "\(segment)")
      for word in segment.words { #expect(word.start >= 0 && word.end <= duration, "\(word)") }
    }
    // The last word ("meters") ends in the second half of the clip.
    #expect((transcript.segments.last?.words.last?.end ?? 0) > duration / 2)
  }

  @Test(
    "thread counts and beams whisper.cpp cannot run are one clear error, not an abort of the process",
    arguments: [
      (0, 1, "whisper.cpp needs 1 to 512 threads, not 0"), (-3, 1, "whisper.cpp needs 1 to 512 threads, not -3"),
      (2, 9, "whisper.cpp supports a beam of at most 8, not 9"),
    ])
  func unrunnableOptions(threads: Int, beam: Int, message: String) async throws {
    guard let engine = try installedEngine() else { return }
    let samples = try EngineFixtures.readPCM16(EngineFixtures.pocketsphinxData.appendingPathComponent("goforward.raw"))
    let error = await #expect(throws: SpeechEngineError.self) {
      _ = try await engine.transcribe(samples, options: .init(beamSize: beam, threads: threads))
    }
    #expect(error?.message == message)
  }
}

@Suite("Embedded Whisper engine: readings never depend on earlier calls", .serialized)
struct WhisperEngineRepeatabilityTests {
  @Test("the same audio reads the same before and after another recording (beam search keeps no state)")
  func sameAudioSameText() async throws {
    guard let engine = try installedEngine() else { return }
    try #require(SyntheticSpeech.isAvailable, "espeak-ng and sox make this test's speech")
    let folder = try TemporaryDirectory("utter-repeat")
    defer { folder.remove() }
    // NB: with one decoding state shared by every call, whisper.cpp's beam search read the second sentence as
    // "She mopped fresh red cheese, and that will net the market." after the first one.
    let first = folder.path("first.wav")
    let second = folder.path("second.wav")
    try SyntheticSpeech.synthesize(
      "our new keyboard lets you dictate messages without an internet connection", to: first)
    try SyntheticSpeech.synthesize("she bought fresh bread cheese and apples at the market", to: second)
    let options = TranscriptionOptions(beamSize: 5)
    func read(_ url: URL) async throws -> String {
      let audio = try AudioFileDecoder.decode(contentsOf: url)
      return try await VoicedTranscription().transcribe(audio.samples, engine: engine, options: options).text
    }
    let alone = try await read(second)
    _ = try await read(first)
    let afterAnother = try await read(second)
    #expect(alone == afterAnother)
    #expect(alone.lowercased().contains("she bought fresh"), "\(alone)")
  }
}
