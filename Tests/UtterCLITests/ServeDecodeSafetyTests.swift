import Foundation
import HTTPTransport
import TestSupport
import Testing

/// A real `utter serve` with the stand-in engine (it "hears" how long the audio is, so any text proves a decode),
/// its temporary folder (`TMPDIR`) inside the test's folder.
private struct DecodeServer: Sendable {
  static let token = "decode-token-7d31"
  let dir: TemporaryDirectory
  let server: ServerProcess
  let http = LiveHTTPClient()

  /// The folder of uploads being decoded, `$TMPDIR/utter-serve-<uid>/<pid>`.
  var uploadFolder: URL {
    dir.path("tmp/utter-serve-\(getuid())/\(server.process.process.processIdentifier)")
  }

  /// Starts a server in a new folder, or in `existing` (a second server after a first, under label `label`).
  static func start(
    _ arguments: [String] = [], environment: [String: String] = [:], in existing: TemporaryDirectory? = nil,
    label: String = "serve", prepare: (TemporaryDirectory) throws -> Void = { _ in }
  ) async throws -> DecodeServer {
    let dir = try existing ?? TemporaryDirectory("utter-decode")
    try FileManager.default.createDirectory(at: dir.path("tmp"), withIntermediateDirectories: true)
    try prepare(dir)
    let server = try await ServerProcess.start(
      dataDirectory: dir.path("data"), in: dir,
      arguments: ["--engine", "test-duration", "--workers", "1", "--queue", "8"] + arguments,
      environment: [
        "UTTER_SERVER_TOKEN": token, "TMPDIR": dir.path("tmp").path,
        // NB: `bin` in the test's folder comes first, so a test can put a fake ffmpeg there.
        "PATH": dir.path("bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
      ].merging(environment) { $1 }, label: label)
    let started = DecodeServer(dir: dir, server: server)
    let ready = await eventually(timeout: 60) {
      (try? await started.http.send(HTTPRequest(url: started.url("/ready"), timeout: 5)))?.status == 200
    }
    guard ready else {
      await started.stop()
      throw ServerProcessError("utter serve never became ready: \(server.log.suffix(2000))")
    }
    return started
  }

  func stop() async {
    await server.stop()
    dir.remove()
  }

  /// Runs `body` against a server started with `arguments`, and stops the server whatever `body` did.
  static func with(
    _ arguments: [String] = [], prepare: (TemporaryDirectory) throws -> Void = { _ in },
    _ body: (DecodeServer) async throws -> Void
  ) async throws {
    let server = try await start(arguments, prepare: prepare)
    do {
      try await body(server)
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  func url(_ path: String) -> URL { URL(string: server.baseURL.absoluteString + path)! }

  /// POSTs `file` as OpenAI's multipart upload.
  func transcribe(_ file: Data, name: String, timeout: Double = 120) async throws -> HTTPResponse {
    var form = MultipartFormData()
    form.append("model", "whisper-1")
    form.append("file", filename: name, contentType: "application/octet-stream", data: file)
    return try await http.send(
      HTTPRequest(
        method: .post, url: url("/v1/audio/transcriptions"),
        headers: ["Authorization": "Bearer \(Self.token)", "Content-Type": form.contentType], body: form.body,
        timeout: timeout))
  }
}

private func message(_ response: HTTPResponse) -> String {
  let json = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
  return (json?["error"] as? [String: Any])?["message"] as? String ?? String(decoding: response.body, as: UTF8.self)
}

private func text(_ response: HTTPResponse) -> String? {
  (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["text"] as? String
}

/// Speech made with espeak-ng, then encoded by ffmpeg into `name` (its extension picks the format).
private func speech(_ name: String, in dir: TemporaryDirectory) throws -> URL {
  let wav = dir.path("speech-source.wav")
  try SyntheticSpeech.synthesize("the secret password is banana split", to: wav)
  let url = dir.path(name)
  try SyntheticSpeech.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", wav.path, url.path])
  return url
}

/// Puts a fake ffmpeg in `dir/bin` that writes its pid into `dir/started`, then never ends by itself.
private func installStuckFFmpeg(in dir: TemporaryDirectory) throws {
  try FileManager.default.createDirectory(at: dir.path("bin"), withIntermediateDirectories: true)
  try FileManager.default.createDirectory(at: dir.path("started"), withIntermediateDirectories: true)
  let fake = dir.path("bin/ffmpeg")
  try Data("#!/bin/sh\necho > '\(dir.path("started").path)'/$$\nexec /bin/sleep 2147483647\n".utf8).write(to: fake)
  try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
}

/// The pids the fake ffmpeg wrote.
private func stuckPIDs(in dir: TemporaryDirectory) -> [Int32] {
  ((try? FileManager.default.contentsOfDirectory(atPath: dir.path("started").path)) ?? []).compactMap { Int32($0) }
}

/// An upload that goes to ffmpeg as mp3.
private let mp3Upload = Data("ID3".utf8) + Data([4, 0, 0, 0, 0, 0, 0]) + Data(repeating: 0x55, count: 64)

private let toolsInstalled = SyntheticSpeech.isAvailable && SyntheticSpeech.which("ffmpeg") != nil

@Suite("utter serve decodes only what it was sent, within bounds", .serialized, .enabled(if: toolsInstalled))
struct ServeDecodeSafetyTests {
  @Test("an ID3 tag hiding an HLS playlist of a real mp3 on the server gets 400 naming it; a real mp3 is transcribed")
  func playlistUploadRefused() async throws {
    try await DecodeServer.with { server in
      let secret = try speech("secret.mp3", in: server.dir)
      let playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n\(secret.path)\n#EXT-X-ENDLIST\n"
      let attack = Data("ID3".utf8) + Data([4, 0, 0, 0, 0, 0, 0]) + Data(playlist.utf8)
      let refused = try await server.transcribe(attack, name: "song.mp3")
      #expect(refused.status == 400)
      #expect(message(refused) == "The file is not audio: an HLS playlist is not audio (behind an ID3 tag).")
      #expect(text(refused) == nil && !String(decoding: refused.body, as: UTF8.self).contains("heard"))
      let real = try await server.transcribe(try Data(contentsOf: secret), name: "secret.mp3")
      #expect(real.status == 200, "\(message(real))")
      #expect(text(real)?.lowercased().hasPrefix("heard 2") == true, "\(text(real) ?? "")")
    }
  }

  @Test("audio longer than --max-audio-duration gets 413 with one line, declared or found while decoding")
  func longAudioRefused() async throws {
    try await DecodeServer.with(["--max-audio-duration", "60", "--max-upload-mb", "30"]) { server in
      var wav = AudioWAVBytes()
      wav.riffHeader(size: 36 + 600_000)
      wav.formatChunk(tag: 1, channels: 1, sampleRate: 1000, bits: 8)
      wav.dataChunk(declaring: 600_000, [UInt8](repeating: 128, count: 600_000))
      let streamed = server.dir.path("streamed.flac")
      try SyntheticSpeech.run(
        "sh",
        [
          "-c",
          "ffmpeg -nostdin -v error -f lavfi -i anullsrc=r=8000:cl=mono -t 300 -c:a flac -f flac pipe:1 > '\(streamed.path)'",
        ])
      let declared = server.dir.path("declared.flac")
      try SyntheticSpeech.run(
        "ffmpeg",
        ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono", "-t", "10800", declared.path])
      for (name, data) in [
        ("long.wav", wav.data), ("streamed.flac", try Data(contentsOf: streamed)),
        ("declared.flac", try Data(contentsOf: declared)),
      ] {
        let response = try await server.transcribe(data, name: name)
        #expect(response.status == 413, "\(name): \(response.status) \(message(response))")
        #expect(
          message(response) == "The audio is too long: the audio lasts longer than 1 min, the longest taken.", "\(name)"
        )
      }
      let short = try await server.transcribe(
        try Data(contentsOf: try speech("short.flac", in: server.dir)), name: "a.flac")
      #expect(short.status == 200 && text(short)?.lowercased().hasPrefix("heard 2") == true, "\(message(short))")
    }
  }

  @Test("while decodes are stuck in ffmpeg, /health answers; the request deadline stops them and kills ffmpeg")
  func stuckDecodesLeaveHealth() async throws {
    try await DecodeServer.with(["--request-timeout", "5", "--decodes", "1"], prepare: installStuckFFmpeg) { server in
      let uploads = (0..<4).map { _ in Task { try await server.transcribe(mp3Upload, name: "talk.mp3") } }
      #expect(await eventually(timeout: 30) { !stuckPIDs(in: server.dir).isEmpty })
      let health = try await server.http.send(HTTPRequest(url: server.url("/health"), timeout: 10))
      #expect(health.status == 200)
      for upload in uploads {
        let response = try await upload.value
        #expect(response.status == 504, "\(response.status) \(message(response))")
      }
      let pids = stuckPIDs(in: server.dir)
      #expect(!pids.isEmpty)
      #expect(await eventually(timeout: 10) { pids.allSatisfy { kill($0, 0) != 0 } }, "every stuck ffmpeg is killed")
      #expect((try? FileManager.default.contentsOfDirectory(atPath: server.uploadFolder.path)) == [])
    }
  }

  @Test("uploads live in one owner-only folder, emptied at start and after every request; errors name no path")
  func uploadFolder() async throws {
    let stale = "tmp/utter-serve-\(getuid())/4194303"
    let prepare: (TemporaryDirectory) throws -> Void = { dir in
      try FileManager.default.createDirectory(at: dir.path(stale), withIntermediateDirectories: true)
      try Data("left by a server killed while decoding".utf8).write(to: dir.path(stale + "/upload.mp3"))
    }
    try await DecodeServer.with(prepare: prepare) { server in
      #expect(
        !FileManager.default.fileExists(atPath: server.dir.path(stale).path), "a gone server's uploads are removed")
      for folder in [server.uploadFolder, server.uploadFolder.deletingLastPathComponent()] {
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700, "\(folder.lastPathComponent)")
      }
      let good = try await server.transcribe(
        try Data(contentsOf: try speech("good.mp3", in: server.dir)), name: "good.mp3")
      #expect(good.status == 200, "\(message(good))")
      #expect((try? FileManager.default.contentsOfDirectory(atPath: server.uploadFolder.path)) == [])
      let broken = Data("ID3".utf8) + Data([4, 0, 0, 0, 0, 0, 0]) + Data(repeating: 0x55, count: 512)
      let refused = try await server.transcribe(broken, name: "broken.mp3")
      #expect(refused.status == 400)
      let said = message(refused)
      #expect(
        said.hasPrefix("The file is not audio this server can read (ffmpeg could not decode the mp3 audio"), "\(said)")
      #expect(!said.contains("/") && !said.contains("\n"), "no path of the server: \(said)")
      #expect((try? FileManager.default.contentsOfDirectory(atPath: server.uploadFolder.path)) == [])
    }
  }

  @Test("an upload left by a server killed while ffmpeg read it is removed when the next server starts")
  func killedDuringDecode() async throws {
    let dir = try TemporaryDirectory("utter-decode-kill")
    defer { dir.remove() }
    let first = try await DecodeServer.start(in: dir, prepare: installStuckFFmpeg)
    // NB: the fake ffmpeg outlives a server killed with SIGKILL, as a real one would; the test ends both, whatever
    // happened.
    defer {
      first.server.process.killNow()
      for pid in stuckPIDs(in: dir) { kill(pid, SIGKILL) }
    }
    let upload = Task { try? await first.transcribe(mp3Upload, name: "talk.mp3", timeout: 60) }
    #expect(await eventually(timeout: 30) { !stuckPIDs(in: dir).isEmpty })
    let left = (try? FileManager.default.contentsOfDirectory(atPath: first.uploadFolder.path)) ?? []
    #expect(left.count == 1 && left.first?.hasSuffix(".mp3") == true, "the upload ffmpeg is reading: \(left)")
    first.server.process.killNow()
    for pid in stuckPIDs(in: dir) { kill(pid, SIGKILL) }
    _ = await upload.value
    let second = try await DecodeServer.start(in: dir, label: "serve-again")
    #expect(!FileManager.default.fileExists(atPath: first.uploadFolder.path), "the killed server's upload is gone")
    #expect((try? FileManager.default.contentsOfDirectory(atPath: second.uploadFolder.path)) == [])
    await second.server.stop()
  }

  @Test("a missing engine stops the server at start with one line; --wait-for-engine keeps it serving /health")
  func missingEngine() async throws {
    let dir = try TemporaryDirectory("utter-serve-noengine")
    defer { dir.remove() }
    try FileManager.default.createDirectory(at: dir.path("engines"), withIntermediateDirectories: true)
    let environment = ["UTTER_SERVER_TOKEN": DecodeServer.token, "UTTER_ENGINES": dir.path("engines").path]
    let result = try await UtterBinary.run(
      ["serve", "--port", "0", "--engine", "whisper", "--data-dir", dir.path("data").path], environment: environment,
      timeout: 120)
    #expect(result.status == 1)
    let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
    #expect(last.hasPrefix("utter: the speech engine could not load: the whisper engine needs "), "\(result.stderr)")
    #expect(last.hasSuffix("; `utter serve --wait-for-engine` keeps serving without it"), "\(last)")
    let waiting = try await ServerProcess.start(
      dataDirectory: dir.path("data"), in: dir, arguments: ["--engine", "whisper", "--wait-for-engine"],
      environment: environment)
    let http = LiveHTTPClient()
    let base = waiting.baseURL.absoluteString
    let refusing = await eventually(timeout: 60) {
      let ready = try? await http.send(HTTPRequest(url: URL(string: base + "/ready")!, timeout: 5))
      return ready?.status == 503 && message(ready!).contains("the whisper engine needs")
    }
    #expect(refusing)
    #expect(try await http.send(HTTPRequest(url: URL(string: base + "/health")!, timeout: 5)).status == 200)
    #expect(waiting.process.process.isRunning)
    await waiting.stop()
  }
}
