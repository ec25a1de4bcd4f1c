import Foundation

/// A running `utter serve`, started on a free port, with its log on standard error.
public struct ServerProcess: Sendable {
  public let process: SessionHostProcess
  /// `http://127.0.0.1:PORT`.
  public let baseURL: URL
  public let port: Int

  /// Starts `utter serve --host 127.0.0.1 --port 0 ARGS` and waits for its "listening" line (not for its engine:
  /// `/ready` says when that is loaded). Standard output and error go to files in `dir`.
  public static func start(
    dataDirectory: URL, in dir: TemporaryDirectory, arguments: [String] = [], environment: [String: String] = [:],
    label: String = "serve"
  ) async throws -> ServerProcess {
    let stderr = dir.path("\(label).stderr")
    let process = try UtterBinary.start(
      ["serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", dataDirectory.path] + arguments,
      environment: environment, stdout: dir.path("\(label).stdout"), stderr: stderr)
    let running = SessionHostProcess(process: process, stderrURL: stderr)
    guard await running.log("listening on http://127.0.0.1:", timeout: 120),
      let port = Self.port(in: running.stderr)
    else {
      await running.stop()
      throw ServerProcessError("utter serve did not start listening: \(running.stderr.suffix(2000))")
    }
    return ServerProcess(process: running, baseURL: URL(string: "http://127.0.0.1:\(port)")!, port: port)
  }

  /// The port of the first "listening on http://127.0.0.1:PORT" line.
  static func port(in log: String) -> Int? {
    guard let range = log.range(of: "listening on http://127.0.0.1:") else { return nil }
    return Int(log[range.upperBound...].prefix { $0.isNumber })
  }

  /// What the server logged so far.
  public var log: String { process.stderr }

  /// Sends SIGTERM and waits for the server to finish.
  public func stop() async { await process.stop() }
}

/// A server that did not start.
public struct ServerProcessError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
