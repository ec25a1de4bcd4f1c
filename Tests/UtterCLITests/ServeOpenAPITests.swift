import Foundation
import HTTPTransport
import TestSupport
import Testing

extension ServeTests {
  /// Examples schemathesis generates per operation, and its seed: about 600 requests, 20 s on 2 cores.
  static let fuzzedExamples = 100
  static let fuzzSeed = 39

  @Test(
    "utter serve keeps its published contract: the served document validates, real answers and schemathesis' fuzzing find no 5xx and nothing outside it"
  )
  func openAPIContract() async throws {
    guard let fixture = ServeFixture.current else { return }
    let kept = try Data(contentsOf: PackagePaths.file("Sources/DictationServer/openapi.json"))
    let served = try await fixture.http.send(HTTPRequest(url: fixture.url("/openapi.json"), timeout: 10))
    #expect(served.status == 200, "the document needs no token")
    #expect(served.body == kept, "the running server serves the repository's document")
    let script = try String(
      contentsOf: PackagePaths.file("Tests/UtterCLITests/Fixtures/openapi_contract.py"), encoding: .utf8)
    guard
      let output = try await fixture.python(
        script,
        [
          fixture.server.baseURL.absoluteString, ServeFixture.token, fixture.speech.path, "\(Self.fuzzedExamples)",
          "\(Self.fuzzSeed)",
        ])
    else { return }
    let lines = output.stdout.split(separator: "\n").map(String.init)
    #expect(!lines.contains { $0.hasPrefix("missing:") }, "\(output.stdout)")
    #expect(output.status == 0, "\(output.stdout)\n\(output.stderr.suffix(6000))")
    #expect(lines.contains("valid:3.1.0"), "openapi-spec-validator accepts the served document")
    let cases = lines.filter { $0.hasPrefix("case:") }.map { $0.dropFirst(5).split(separator: "|").map(String.init) }
    #expect(cases.count == 23, "\(lines)")
    for answer in cases {
      #expect(answer.last == "documented", "\(answer)")
    }
    let streamed = cases.first { $0.first == "stream=True" }
    #expect(streamed?.dropFirst().first == "200")
    #expect(streamed?.dropFirst(2).first?.hasPrefix("text/event-stream") == true, "\(streamed ?? [])")
    let words = lines.first { $0.hasPrefix("words:") }.flatMap { Int($0.dropFirst(6)) } ?? 0
    #expect(words >= 8, "verbose_json with timestamp_granularities[]=word has the sentence's words: \(words)")
    let fuzzing = try #require(lines.first { $0.hasPrefix("fuzzing:") }, "\(output.stdout)")
      .dropFirst(8).split(separator: "|").map(String.init)
    #expect(fuzzing.first == "9", "every operation but the document itself is fuzzed: \(fuzzing)")
    #expect((Int(fuzzing.dropFirst().first ?? "") ?? 0) >= 9 * 20, "\(fuzzing)")
    #expect(fuzzing.last == "0", "schemathesis found no failure")
    print("schemathesis: \(fuzzing[1]) requests over \(fuzzing[0]) operations in \(fuzzing[2]) s, none failed")
  }
}
