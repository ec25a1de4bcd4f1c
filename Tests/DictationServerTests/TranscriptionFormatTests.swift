import Foundation
import Testing

@testable import DictationServer

@Suite("TranscriptionFormat")
struct TranscriptionFormatTests {
  let answer = TranscriptionFormat.Answer(
    text: "Hello there. How are you?", language: "en", duration: 3725.5,
    cues: [.init(start: 0, end: 1.25, text: "Hello there."), .init(start: 3723.5, end: 3725.5, text: "How are you?")],
    engine: "whisper", model: "tiny.en")

  @Test("srt numbers its captions and times them HH:MM:SS,mmm")
  func srt() {
    #expect(
      TranscriptionFormat.srt.body(answer)
        == "1\n00:00:00,000 --> 00:00:01,250\nHello there.\n\n2\n01:02:03,500 --> 01:02:05,500\nHow are you?\n")
  }

  @Test("vtt starts with WEBVTT and times cues with a dot")
  func vtt() {
    #expect(TranscriptionFormat.vtt.body(answer).hasPrefix("WEBVTT\n\n00:00:00.000 --> 00:00:01.250\nHello there.\n"))
  }

  @Test("json holds the text alone; verbose_json names the language in English, with duration and segments")
  func json() throws {
    #expect(TranscriptionFormat.json.body(answer) == #"{"text":"Hello there. How are you?"}"#)
    let verbose =
      try JSONSerialization.jsonObject(with: Data(TranscriptionFormat.verboseJSON.body(answer).utf8))
      as? [String: Any]
    #expect(verbose?["language"] as? String == "english")
    #expect(verbose?["duration"] as? Double == 3725.5)
    #expect((verbose?["segments"] as? [[String: Any]])?.last?["text"] as? String == "How are you?")
    #expect(TranscriptionFormat.text.body(answer) == "Hello there. How are you?\n")
  }
}
