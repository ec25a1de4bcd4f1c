import Foundation
import HTTPTransport
import RemoteDictation
import SpeechEngine
import TestSupport
import Testing

/// One `utter serve` process (whisper, 2 workers, a queue of 2) shared by the suite's tests, with the speech they
/// send to it.
final class ServeFixture: Sendable {
  static let token = "test-token-4f1c2a"
  static let sentence = "can you send the quarterly report to the whole team by friday"
  /// What is said: the sentence, then its punctuation spoken, which the clean-up turns into a mark.
  static let spoken = sentence + " question mark"

  let dir: TemporaryDirectory
  let server: ServerProcess
  let speech: URL
  let http = LiveHTTPClient()

  private init(dir: TemporaryDirectory, server: ServerProcess, speech: URL) {
    self.dir = dir
    self.server = server
    self.speech = speech
  }

  /// The suite's server (`ServeSuite` starts it before the suite and stops it after); nil when the engine or
  /// espeak-ng is missing (an issue is recorded when CI demands them).
  @TaskLocal static var current: ServeFixture?

  static func start() async throws -> ServeFixture? {
    guard engineAvailable(), SyntheticSpeech.isAvailable else { return nil }
    let dir = try TemporaryDirectory("utter-serve")
    let speech = dir.path("speech.wav")
    try SyntheticSpeech.synthesize(spoken, to: speech)
    let server = try await ServerProcess.start(
      dataDirectory: dir.path("data"), in: dir,
      arguments: ["--engine", "whisper", "--workers", "2", "--queue", "2", "--max-upload-mb", "1"],
      environment: ["UTTER_SERVER_TOKEN": token])
    let fixture = ServeFixture(dir: dir, server: server, speech: speech)
    guard await fixture.ready() else {
      throw ServerProcessError("utter serve never became ready: \(server.log.suffix(2000))")
    }
    return fixture
  }

  /// Stops the server and removes its folder.
  func stop() async {
    await server.stop()
    dir.remove()
  }

  /// Waits until `/ready` answers 200.
  func ready() async -> Bool {
    await eventually(timeout: 120) {
      (try? await self.http.send(HTTPRequest(url: self.url("/ready"), timeout: 5)))?.status == 200
    }
  }

  func url(_ path: String) -> URL { URL(string: server.baseURL.absoluteString + path)! }

  /// `Authorization: Bearer` with `token`.
  func auth(_ token: String = ServeFixture.token) -> [String: String] { ["Authorization": "Bearer \(token)"] }

  /// POSTs `file` to `/v1/audio/transcriptions` as a form with `fields`.
  func transcribe(
    file: Data, name: String = "speech.wav", fields: [String: String] = [:], token: String = ServeFixture.token
  ) async throws -> HTTPResponse {
    var form = MultipartFormData()
    for (key, value) in fields.sorted(by: { $0.key < $1.key }) { form.append(key, value) }
    form.append("file", filename: name, contentType: "application/octet-stream", data: file)
    var headers = auth(token)
    headers["Content-Type"] = form.contentType
    return try await http.send(
      HTTPRequest(
        method: .post, url: url("/v1/audio/transcriptions"), headers: headers, body: form.body, timeout: 120))
  }

  /// Runs a Python script with the official `openai` client installed; records an issue when it is missing.
  func python(_ script: String, _ arguments: [String]) async throws -> ProcessOutput? {
    let check = try await run("python3", ["-c", "import openai"])
    guard check.status == 0 else {
      Issue.record("the openai Python package is missing: python3 -m pip install openai")
      return nil
    }
    let file = dir.path("client-\(UUID().uuidString).py")
    try script.write(to: file, atomically: true, encoding: .utf8)
    return try await run("python3", [file.path] + arguments)
  }

  private func run(_ program: String, _ arguments: [String]) async throws -> ProcessOutput {
    try await offThePool {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [program] + arguments
      let out = Pipe()
      let err = Pipe()
      process.standardOutput = out
      process.standardError = err
      try process.run()
      let stdout = out.fileHandleForReading.readDataToEndOfFile()
      let stderr = err.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return ProcessOutput(
        status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: stderr, as: UTF8.self))
    }
  }
}

/// Starts the suite's one `utter serve` before its tests and stops it after them, whatever they did.
struct ServeSuite: SuiteTrait, TestScoping {
  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let fixture = try await ServeFixture.start()
    do {
      try await ServeFixture.$current.withValue(fixture) { try await function() }
    } catch {
      await fixture?.stop()
      throw error
    }
    await fixture?.stop()
  }
}

extension Trait where Self == ServeSuite {
  /// One `utter serve` for the whole suite.
  static var serveServer: Self { Self() }
}
