import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A shared container, a data folder and speech audio for tests that run `utter host` and `utter keyboard`.
public struct SessionWorkspace: Sendable {
  public let dir: TemporaryDirectory
  public var container: URL { dir.path("container") }
  public var dataDirectory: URL { dir.path("data") }
  /// The engine the host runs: `$UTTER_TEST_SESSION_ENGINE`, else the embedded `whisper`.
  public let engine: String

  public init() throws {
    dir = try TemporaryDirectory("session")
    engine = ProcessInfo.processInfo.environment["UTTER_TEST_SESSION_ENGINE"] ?? "whisper"
  }

  public func remove() { dir.remove() }

  /// Speech synthesised with espeak-ng into the workspace.
  public func speech(_ text: String, name: String = "speech") throws -> URL {
    let url = dir.path("\(name).wav")
    try SyntheticSpeech.synthesize(text, to: url)
    return url
  }

  /// Starts `utter host` on this workspace, reading with the workspace's engine unless `engine` names another.
  public func startHost(
    mic: URL, speed: Double = 2, timeout: Double? = nil, environment: [String: String] = [:], label: String = "host",
    engine: String? = nil, extra: [String] = []
  ) throws -> SessionHostProcess {
    var arguments = [
      "host", "--container", container.path, "--data-dir", dataDirectory.path, "--mic", mic.path, "--mic-speed",
      String(speed), "--engine", engine ?? self.engine,
    ]
    if let timeout { arguments += ["--session-timeout", String(timeout)] }
    arguments += extra
    let stdout = dir.path("\(label).stdout")
    let stderr = dir.path("\(label).stderr")
    let process = try UtterBinary.start(arguments, environment: environment, stdout: stdout, stderr: stderr)
    return SessionHostProcess(process: process, stderrURL: stderr)
  }

  /// Runs `utter keyboard --script SCRIPT` to completion.
  public func keyboard(
    _ script: String, text: String? = nil, environment: [String: String] = [:], timeout: TimeInterval = 90,
    partials: Bool = false
  ) throws -> ProcessOutput {
    var arguments = ["keyboard", "--container", container.path, "--script", script]
    if let text { arguments += ["--text", text] }
    if partials { arguments.append("--partials") }
    return try UtterBinary.run(arguments, environment: environment, timeout: timeout)
  }

  /// Starts `utter keyboard` without waiting for it.
  public func startKeyboard(_ script: String, label: String, environment: [String: String] = [:]) throws
    -> SessionHostProcess
  {
    let stderr = dir.path("\(label).stderr")
    let process = try UtterBinary.start(
      ["keyboard", "--container", container.path, "--script", script], environment: environment,
      stdout: dir.path("\(label).stdout"), stderr: stderr)
    return SessionHostProcess(process: process, stderrURL: stderr)
  }

  /// Seconds of audio the host has spooled to disk (16 kHz, 16-bit) for the recordings in progress.
  public var spooledSeconds: Double {
    let spool = dataDirectory.appendingPathComponent("spool")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: spool.path)) ?? []
    let bytes = names.filter { $0.hasSuffix(".pcm") }.reduce(0) { total, name in
      let attributes = try? FileManager.default.attributesOfItem(atPath: spool.appendingPathComponent(name).path)
      return total + ((attributes?[.size] as? NSNumber)?.intValue ?? 0)
    }
    return Double(bytes) / 32_000
  }

  /// Rows of the history table as `uuid|status|source|delivered|finalText`, via the sqlite3 tool.
  public func historyRows() throws -> [String] {
    let database = dataDirectory.appendingPathComponent("utter.sqlite").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "sqlite3", "-readonly", database, "select uuid, status, source, delivered, finalText from history order by id",
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}

/// Runs blocking work (process waits, sleeps) on a dispatch thread, so that it never holds one of the few
/// threads Swift concurrency (and the test runner) share.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
  }
}

extension SessionWorkspace {
  /// `keyboard(_:)` without blocking a concurrency thread.
  public func runKeyboard(
    _ script: String, text: String? = nil, environment: [String: String] = [:], timeout: TimeInterval = 90,
    partials: Bool = false
  ) async throws -> ProcessOutput {
    try await offThePool {
      try keyboard(script, text: text, environment: environment, timeout: timeout, partials: partials)
    }
  }
}

extension SessionHostProcess {
  /// `waitForLog` without blocking a concurrency thread.
  public func log(_ text: String, timeout: Double = 60) async -> Bool {
    (try? await offThePool { self.waitForLog(text, timeout: timeout) }) ?? false
  }

  /// `waitForExit` without blocking a concurrency thread.
  public func exit(timeout: Double) async -> Bool {
    (try? await offThePool { self.waitForExit(timeout: timeout) }) ?? false
  }

  /// `terminate` without blocking a concurrency thread.
  public func stop() async {
    _ = try? await offThePool { self.terminate() }
  }
}

/// A running `utter` process started by a session test.
public final class SessionHostProcess: @unchecked Sendable {
  public let process: Process
  public let stderrURL: URL

  init(process: Process, stderrURL: URL) {
    self.process = process
    self.stderrURL = stderrURL
  }

  /// What the process wrote on standard error so far.
  public var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

  /// Waits up to `timeout` seconds for `text` to appear on standard error.
  @discardableResult
  public func waitForLog(_ text: String, timeout: Double = 60) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if stderr.contains(text) { return true }
      if !process.isRunning { return stderr.contains(text) }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return false
  }

  /// Waits up to `timeout` seconds for the process to exit; true if it did.
  @discardableResult
  public func waitForExit(timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    return !process.isRunning
  }

  /// Sends SIGTERM and waits for a clean exit.
  public func terminate(timeout: Double = 10) {
    guard process.isRunning else { return }
    process.terminate()
    if !waitForExit(timeout: timeout) { killNow() }
  }

  /// Sends SIGKILL, as iOS does when it kills the app.
  public func killNow() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}
