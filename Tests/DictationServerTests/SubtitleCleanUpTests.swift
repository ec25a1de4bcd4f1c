import AudioInput
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SpeechEngine
import TestSupport
import Testing

@testable import DictationServer

/// An engine that hears French in every recording, and says so (Whisper's detected language), in two segments: words
/// the English clean-up would change ("colon" is a settler in French, not a mark; "six" stays a word).
private struct FrenchEngine: SpeechEngine {
  let id = "french"
  let model = "french-model"

  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    let segments = [
      TranscriptSegment(text: " le colon est arrivé hier.", start: 0, end: 1.5, confidence: 0.9),
      TranscriptSegment(text: " il a six ans.", start: 1.5, end: 2.5, confidence: 0.9),
    ]
    let text = segments.map(\.text).joined()
    return Transcript(text: text, segments: segments, language: options.language ?? "fr", engine: id, model: model)
  }
}

/// Samples/demo.wav: one stretch of speech, so one engine call.
private func speech() throws -> Data {
  WAVEncoding.file(try AudioFileDecoder.decode(contentsOf: PackagePaths.file("Samples/demo.wav")).samples)
}

@Suite("utter serve's subtitles are cleaned up as the text is")
struct SubtitleCleanUpTests {
  @Test("French speech sent with no language: the text and each srt and vtt segment are cleaned up as French")
  func frenchWithoutLanguage() async throws {
    let wav = try speech()
    try await RouteFixture(maxUploadBytes: 2_000_000, engine: FrenchEngine()).test { client in
      func upload(_ fields: [(String, String)]) async throws -> String {
        let answer = try await client.execute(
          uri: "/v1/audio/transcriptions", method: .post, headers: RouteFixture.formHeaders,
          body: RouteFixture.form(file: wav, fields: fields))
        #expect(answer.status == .ok)
        return String(buffer: answer.body)
      }
      let text = try await upload([("response_format", "text")])
      let srt = try await upload([("response_format", "srt")])
      let vtt = try await upload([("response_format", "vtt")])
      let raw = try await upload([("response_format", "srt"), ("cleanup", "false")])
      #expect(text == "Le colon est arrivé hier. Il a six ans.\n")
      #expect(
        srt
          == "1\n00:00:00,000 --> 00:00:01,500\nLe colon est arrivé hier.\n\n"
          + "2\n00:00:01,500 --> 00:00:02,500\nIl a six ans.\n")
      #expect(
        vtt
          == "WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nLe colon est arrivé hier.\n\n"
          + "00:00:01.500 --> 00:00:02.500\nIl a six ans.\n")
      #expect(
        raw
          == "1\n00:00:00,000 --> 00:00:01,500\nle colon est arrivé hier.\n\n"
          + "2\n00:00:01,500 --> 00:00:02,500\nil a six ans.\n",
        "cleanup=false keeps the engine's words in each segment")
    }
  }
}
