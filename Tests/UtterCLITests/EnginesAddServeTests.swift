import Foundation
import HTTPTransport
import TestSupport
import Testing

/// `utter engines add` and `utter serve --model`, as a self-hoster uses them: a ggml file made from the shipped
/// weights, added under an id, served next to the shipped model, and picked by a request's `model`.
@Suite("utter engines add, then utter serve --model", .serialized)
struct EnginesAddServeTests {
  static let token = "own-models-token"
  static let demoText = "So I think we should meet on Wednesday 10. Can you bring the quarterly report?"

  @Test("a text file given to engines add is refused in one line saying what it is, and nothing is added")
  func textFileRefused() async throws {
    let dir = try TemporaryDirectory("utter-engines-add")
    defer { dir.remove() }
    let notes = dir.path("notes.txt")
    try "Meeting notes\nbring the report\n".write(to: notes, atomically: true, encoding: .utf8)
    let result = try await UtterBinary.run(["engines", "add", "--data-dir", dir.path("data").path, notes.path])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "utter: \(notes.path) is not a whisper.cpp model: it is a text file (it begins \"Meeting notes\")\n")
    #expect(result.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: dir.path("data/models/models.json").path))
  }

  @Test("removing a model that was never added fails in one line pointing at engines list")
  func removeUnknownModel() async throws {
    let dir = try TemporaryDirectory("utter-engines-remove")
    defer { dir.remove() }
    let result = try await UtterBinary.run(["engines", "remove", "--data-dir", dir.path("data").path, "mine"])
    #expect(result.status == 1)
    #expect(result.stderr == "utter: no added model 'mine' (`utter engines list` shows them)\n")
    #expect(result.stdout.isEmpty)
  }

  @Test("the shipped weights exported as ggml, added as 'mine' and served with --model transcribe the demo")
  func addedModelServes() async throws {
    guard engineAvailable() else { return }
    let dir = try TemporaryDirectory("utter-engines-add")
    defer { dir.remove() }
    let data = dir.path("data").path
    let file = dir.path("ggml-tiny.en-q8_0.bin")
    let export = try await UtterBinary.run(["engines", "export-ggml", file.path])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(export.stdout == "wrote \(file.path): Whisper tiny, English only, q8_0, 44 MB\n")
    let add = try await UtterBinary.run(["engines", "add", "--data-dir", data, file.path, "--id", "mine"])
    #expect(add.status == 0, "\(add.stderr)")
    #expect(add.stdout == "added mine: Whisper tiny, English only, q8_0, 44 MB\n")
    let list = try await UtterBinary.run(["engines", "list", "--data-dir", data])
    #expect(list.stdout.contains("mine"), "\(list.stdout)")
    #expect(list.stdout.split(separator: "\n").contains { $0.contains(" mine ") && $0.contains("added") })

    let server = try await ServerProcess.start(
      dataDirectory: dir.path("data"), in: dir, arguments: ["--model", "mine", "--model", "tiny.en", "--workers", "1"],
      environment: ["UTTER_SERVER_TOKEN": Self.token])
    do {
      try await check(server)
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  /// The added model and the shipped one, served together: listed, picked by `model`, an unknown one refused, and
  /// the added one's word times.
  private func check(_ server: ServerProcess) async throws {
    let http = LiveHTTPClient()
    let ready = await eventually(timeout: 120) {
      (try? await http.send(HTTPRequest(url: server.baseURL.appendingPathComponent("ready"), timeout: 5)))?.status
        == 200
    }
    #expect(ready, "\(server.log.suffix(2000))")
    guard ready else { return }
    let auth = ["Authorization": "Bearer \(Self.token)"]
    let models = try await http.send(
      HTTPRequest(url: server.baseURL.appendingPathComponent("v1/models"), headers: auth))
    let listed = (try JSONSerialization.jsonObject(with: models.body) as? [String: Any])?["data"] as? [[String: Any]]
    #expect(listed?.map { $0["id"] as? String } == ["mine", "tiny.en"])

    let demo = try Data(contentsOf: PackagePaths.file("Samples/demo.wav"))
    func transcribe(_ fields: [(String, String)]) async throws -> (status: Int, json: [String: Any]) {
      var form = MultipartFormData()
      for (key, value) in fields { form.append(key, value) }
      form.append("file", filename: "demo.wav", contentType: "audio/wav", data: demo)
      var headers = auth
      headers["Content-Type"] = form.contentType
      let answer = try await http.send(
        HTTPRequest(
          method: .post, url: server.baseURL.appendingPathComponent("v1/audio/transcriptions"), headers: headers,
          body: form.body, timeout: 120))
      return (answer.status, (try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any]) ?? [:])
    }
    let mine = try await transcribe([("model", "mine")])
    #expect(mine.status == 200 && mine.json["text"] as? String == Self.demoText, "\(mine)")
    let shipped = try await transcribe([("model", "tiny.en")])
    #expect(shipped.json["text"] as? String == Self.demoText, "\(shipped)")
    let unknown = try await transcribe([("model", "large-v3")])
    let error = unknown.json["error"] as? [String: Any]
    #expect(unknown.status == 400 && error?["code"] as? String == "model_not_found")
    #expect((error?["message"] as? String)?.contains("this server reads with 'mine', 'tiny.en'") == true)

    let verbose = try await transcribe([
      ("model", "mine"), ("response_format", "verbose_json"), ("timestamp_granularities[]", "word"),
    ])
    let words = try #require(verbose.json["words"] as? [[String: Any]], "\(verbose)")
    let spoken = words.compactMap { $0["word"] as? String }
    #expect(spoken.prefix(4) == ["So", "I", "think", "we"] && spoken.contains("quarterly"), "\(spoken)")
    let duration = try #require(verbose.json["duration"] as? Double)
    #expect(abs(duration - 9.7) < 0.1)
    let times = words.map { ($0["start"] as? Double ?? -1, $0["end"] as? Double ?? -1) }
    #expect(times.allSatisfy { 0 <= $0.0 && $0.0 <= $0.1 && $0.1 <= duration }, "\(times)")
    #expect(zip(times, times.dropFirst()).allSatisfy { $0.0 <= $1.0 }, "\(times)")
    #expect((times.last?.1 ?? 0) > duration / 2, "the last word ends in the audio's second half")
  }
}
