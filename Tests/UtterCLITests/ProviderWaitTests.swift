import Foundation
import ProviderTestSupport
import TestSupport
import Testing

@Suite("utter waiting on a cloud provider")
struct ProviderWaitTests {
  /// Runs `utter ARGS` under bash and returns the CPU seconds (user + system) it used, from bash's `times`.
  func cpuSeconds(_ arguments: [String], stdin: String) async throws -> (cpu: Double, stderr: String) {
    try await offThePool { try cpuSecondsBlocking(arguments, stdin: stdin) }
  }

  func cpuSecondsBlocking(_ arguments: [String], stdin: String) throws -> (cpu: Double, stderr: String) {
    let dir = try TemporaryDirectory("utter-cpu")
    defer { dir.remove() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments =
      ["-c", "printf '%s' \"$1\" | \"$0\" \"${@:2}\" 2>\"$TIMES_ERR\"; times", UtterBinary.url.path, stdin]
      + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["TIMES_ERR": dir.path("err").path]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // `times` prints the shell's own times, then its children's: "0m0.020s 0m0.004s".
    let children = String(decoding: data, as: UTF8.self).split(separator: "\n").last ?? ""
    let seconds = children.split(separator: " ").map { field -> Double in
      let parts = field.dropLast().split(separator: "m")
      return (Double(parts.first ?? "0") ?? 0) * 60 + (Double(parts.last ?? "0") ?? 0)
    }
    let stderr = (try? String(contentsOf: dir.path("err"), encoding: .utf8)) ?? ""
    return (seconds.reduce(0, +), stderr)
  }

  @Test("waiting 5 s for a provider that never answers costs almost no CPU")
  func idleWait() async throws {
    let data = try TemporaryDirectory("utter-cpu-data")
    defer { data.remove() }
    // The server holds the request until it stops: the provider never answers.
    let never = Gate()
    try await FakeProviderServer.with({ _ in .json("{}", heldUntil: never) }) { server in
      let (cpu, stderr) = try await cpuSeconds(
        [
          "command", "shorter", "--provider", "openai-compatible", "--base-url", server.url("/v1").absoluteString,
          "--timeout", "5", "--data-dir", data.url.path,
        ], stdin: "make this shorter please")
      #expect(stderr.contains("did not answer within 5.0 s"), "\(stderr)")
      // Foundation's URLSession on Linux used about 4 s of CPU for this wait; an event loop uses a few ms.
      #expect(cpu < 1.0, "used \(cpu) s of CPU while waiting")
    }
  }
}
