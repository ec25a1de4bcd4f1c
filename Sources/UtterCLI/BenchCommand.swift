import ArgumentParser
import CLISupport
import Foundation

/// `utter bench …`: runs `utter-bench`, built next to `utter`, with the same arguments.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure speed, memory and accuracy (runs utter-bench; see 'utter bench --help').")

  @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

  func run() throws {
    try Self.exec(arguments)
  }

  /// Replaces this process with `utter-bench ARGUMENTS…` from the folder `utter` runs from.
  static func exec(_ arguments: [String]) throws -> Never {
    let own = Bundle.main.executableURL?.resolvingSymlinksInPath()
    guard let bench = own?.deletingLastPathComponent().appendingPathComponent("utter-bench"),
      FileManager.default.isExecutableFile(atPath: bench.path)
    else {
      let folder = own?.deletingLastPathComponent().path ?? "utter's folder"
      throw CLIError("utter bench needs utter-bench in \(folder) (build it: swift build --product utter-bench)")
    }
    let argv = ([bench.path] + arguments).map { strdup($0) } + [nil]
    execv(bench.path, argv)
    throw CLIError("cannot run \(bench.path): \(String(cString: strerror(errno)))")
  }
}
