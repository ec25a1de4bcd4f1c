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
    if let warning = staleness(bench: bench) {
      FileHandle.standardError.write(Data("utter bench: \(warning)\n".utf8))
    }
    let argv = ([bench.path] + arguments).map { strdup($0) } + [nil]
    execv(bench.path, argv)
    throw CLIError("cannot run \(bench.path): \(String(cString: strerror(errno)))")
  }

  /// A warning when `utter-bench` was linked before the newest of the objects it links was compiled, as when
  /// `swift build --product utter` alone rebuilt a module both share: its figures would measure older code. SwiftPM
  /// lists those objects next to the executable (`utter-bench.product/Objects.LinkFileList`); without that list (an
  /// installed copy) nothing is said.
  static func staleness(bench: URL) -> String? {
    let list = bench.deletingLastPathComponent().appendingPathComponent("utter-bench.product/Objects.LinkFileList")
    guard let linked = modified(bench), let objects = try? String(contentsOf: list, encoding: .utf8) else { return nil }
    let newest = objects.split(separator: "\n").compactMap { line -> (module: String, date: Date)? in
      let object = URL(fileURLWithPath: String(line))
      guard let date = modified(object) else { return nil }
      return (object.deletingLastPathComponent().deletingPathExtension().lastPathComponent, date)
    }.max { $0.date < $1.date }
    // NB: the linker writes the executable after its objects, so a second's slack is enough.
    guard let newest, newest.date.timeIntervalSince(linked) > 1 else { return nil }
    let minutes = Int((newest.date.timeIntervalSince(linked) / 60).rounded())
    let when = minutes == 0 ? "under a minute" : "\(minutes) min"
    return "utter-bench was linked \(when) before its module \(newest.module) was last compiled and may "
      + "measure older code; rebuild it: swift build -c release --product utter-bench"
  }

  private static func modified(_ file: URL) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
  }
}
