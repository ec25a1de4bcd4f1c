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
    if let own, let warning = staleness(bench: modified(bench), utter: modified(own)) {
      FileHandle.standardError.write(Data("utter bench: \(warning)\n".utf8))
    }
    let argv = ([bench.path] + arguments).map { strdup($0) } + [nil]
    execv(bench.path, argv)
    throw CLIError("cannot run \(bench.path): \(String(cString: strerror(errno)))")
  }

  /// A warning when `utter-bench` was built well before `utter` (`swift build --product utter` alone leaves it as it
  /// was): its figures would measure older code. Both products of one `swift build` are linked minutes apart at most.
  static func staleness(bench: Date?, utter: Date?) -> String? {
    guard let bench, let utter, utter.timeIntervalSince(bench) > 300 else { return nil }
    let minutes = Int((utter.timeIntervalSince(bench) / 60).rounded())
    return "utter-bench was built \(minutes) min before utter and may measure older code; rebuild it: "
      + "swift build -c release --product utter-bench"
  }

  private static func modified(_ file: URL) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
  }
}
