import Foundation
import Testing

@testable import DictationServer

@Suite("MultipartForm")
struct MultipartFormTests {
  private func body(_ text: String) -> [UInt8] { Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8) }

  @Test("a form as OpenAI's clients send it gives its fields and the file's exact bytes")
  func openAIForm() throws {
    let form = try MultipartForm.parse(
      body(
        """
        --b0undary
        Content-Disposition: form-data; name="model"

        whisper-1
        --b0undary
        Content-Disposition: form-data; name="file"; filename="speech.wav"
        Content-Type: audio/wav

        RIFF\u{01}\u{02}
        --b0undary--

        """), boundary: "b0undary")
    #expect(form.field("model") == "whisper-1")
    #expect(form.part("file")?.fileName == "speech.wav")
    #expect(form.part("file")?.contentType == "audio/wav")
    #expect(Array(form.part("file")?.body ?? []) == Array("RIFF\u{01}\u{02}".utf8))
    #expect(form.field("language") == nil)
  }

  @Test("the boundary is read from the content type, quoted or not; other types have none")
  func boundary() {
    #expect(MultipartForm.boundary(contentType: "multipart/form-data; boundary=abc") == "abc")
    #expect(MultipartForm.boundary(contentType: #"multipart/form-data; boundary="a b""#) == "a b")
    #expect(MultipartForm.boundary(contentType: "application/json") == nil)
    #expect(MultipartForm.boundary(contentType: nil) == nil)
  }

  @Test("a form cut short or without its boundary is refused with a reason, never read past its end")
  func broken() {
    #expect(throws: MultipartError.self) { try MultipartForm.parse(self.body("no boundary here"), boundary: "b") }
    #expect(throws: MultipartError.self) {
      try MultipartForm.parse(self.body("--b\nContent-Disposition: form-data; name=\"x\"\n\nvalue"), boundary: "b")
    }
    #expect(throws: MultipartError.self) { try MultipartForm.parse(self.body("--b"), boundary: "b") }
  }
}
