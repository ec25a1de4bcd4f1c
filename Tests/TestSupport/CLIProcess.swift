import Foundation

/// The result of running a program to completion.
public struct ProcessOutput: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String

  public init(status: Int32, stdout: String, stderr: String) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }
}

/// Runs the built `utter` executable as a real process.
public enum UtterBinary {
  /// The `utter` executable next to the test bundle (or `$UTTER_BIN`).
  public static var url: URL {
    if let path = ProcessInfo.processInfo.environment["UTTER_BIN"] { return URL(fileURLWithPath: path) }
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = dir.appendingPathComponent("utter")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      dir = dir.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: "utter")
  }

  /// Starts `utter ARGS` (or another copy of it, `executable`) and returns the running process; standard output and
  /// error go to the given files.
  public static func start(
    _ arguments: [String], environment: [String: String] = [:], stdout: URL, stderr: URL, stdin: String? = nil,
    executable: URL? = nil
  ) throws -> Process {
    let process = Process()
    process.executableURL = executable ?? url
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: stdout)
    process.standardError = try FileHandle(forWritingTo: stderr)
    if let stdin {
      let pipe = Pipe()
      process.standardInput = pipe
      try process.run()
      pipe.fileHandleForWriting.write(Data(stdin.utf8))
      try pipe.fileHandleForWriting.close()
    } else {
      process.standardInput = FileHandle.nullDevice
      try process.run()
    }
    return process
  }

  /// Runs `utter ARGS` to completion on a dispatch thread: a test waiting for a process never holds one of the
  /// few concurrency threads that other tests (HTTP servers, timeouts) need to make progress.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil, timeout: TimeInterval = 300,
    executable: URL? = nil
  ) async throws -> ProcessOutput {
    try await offThePool {
      try run(arguments, environment: environment, stdin: stdin, timeout: timeout, executable: executable)
    }
  }

  /// Runs `utter ARGS` to completion and returns its exit status and output.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil, timeout: TimeInterval = 300,
    executable: URL? = nil
  ) throws -> ProcessOutput {
    let dir = try TemporaryDirectory("utter-run")
    defer { dir.remove() }
    let out = dir.path("stdout")
    let err = dir.path("stderr")
    let process = try start(
      arguments, environment: environment, stdout: out, stderr: err, stdin: stdin, executable: executable)
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    return ProcessOutput(
      status: process.terminationStatus,
      stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
  }
}
