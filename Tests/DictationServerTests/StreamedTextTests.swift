import Testing

@testable import DictationServer

@Suite("A streamed transcription's deltas")
struct StreamedTextTests {
  @Test("each confirmed text sends its new words; a sentence's closing mark waits for the words after it")
  func newWordsOnly() {
    var text = StreamedText()
    #expect(text.delta(confirmed: "So the report.") == "So the report")
    #expect(text.delta(confirmed: "So the report.") == nil, "nothing new")
    #expect(text.delta(confirmed: "So the report, I think, is due!") == ", I think, is due")
    #expect(text.closing(final: "So the report, I think, is due!") == "!")
    #expect(text.sent == "So the report, I think, is due!")
  }

  @Test("when a later word changes what was sent, the deltas stop and the done event carries the text")
  func changedText() {
    var text = StreamedText()
    #expect(text.delta(confirmed: "Meet on Tuesday.") == "Meet on Tuesday")
    #expect(text.delta(confirmed: "Meet on Wednesday at 10.") == nil)
    #expect(text.closing(final: "Meet on Wednesday at 10.") == nil)
    #expect(text.sent == "Meet on Tuesday")
  }

  @Test("the live text of a long dictation is its end only: the new words are found after the last ones sent")
  func longDictation() {
    var text = StreamedText()
    let long = (1...40).map { "word\($0)" }.joined(separator: " ")
    #expect(text.delta(confirmed: long) == long)
    let end = String(long.suffix(120))
    #expect(text.delta(confirmed: end + " and more.") == " and more")
    #expect(text.closing(final: "Word1 " + long.dropFirst(6) + " and more.") == ".")
    #expect(text.sent == long + " and more.")
  }

  @Test("events are written as OpenAI's server-sent events: named for their type, one JSON object of data")
  func eventText() {
    #expect(
      TranscriptionEvent.delta(" hi").text
        == "event: transcript.text.delta\ndata: {\"delta\":\" hi\",\"type\":\"transcript.text.delta\"}\n\n")
    #expect(
      TranscriptionEvent.done("Hi.").text
        == "event: transcript.text.done\ndata: {\"text\":\"Hi.\",\"type\":\"transcript.text.done\"}\n\n")
    let busy = TranscriptionEvent.error(
      APIError(status: 504, message: "Too long.", type: "server_error", code: "timeout"))
    #expect(
      busy.text
        == "event: error\ndata: {\"error\":{\"code\":\"timeout\",\"message\":\"Too long.\",\"param\":null,"
        + "\"type\":\"server_error\"},\"type\":\"error\"}\n\n")
  }
}
