import Foundation
import TestSupport
import Testing

/// `utter bench` runs `utter-bench` from utter's own folder, and says so when that one was built well before utter.
@Suite("utter bench: the benchmark executable it runs")
struct BenchLauncherTests {
  /// A folder with a copy of `utter` and a stand-in `utter-bench` (a script that prints its arguments), the stand-in
  /// last modified `age` seconds before the copy.
  func folder(benchAge age: TimeInterval) throws -> TemporaryDirectory {
    let dir = try TemporaryDirectory("utter-bench-launch")
    try FileManager.default.copyItem(at: UtterBinary.url, to: dir.path("utter"))
    let bench = dir.path("utter-bench")
    try "#!/bin/sh\necho \"bench got: $*\"\n".write(to: bench, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bench.path)
    let built = try FileManager.default.attributesOfItem(atPath: dir.path("utter").path)[.modificationDate] as? Date
    try FileManager.default.setAttributes(
      [.modificationDate: (built ?? Date()).addingTimeInterval(-age)], ofItemAtPath: bench.path)
    return dir
  }

  @Test("an utter-bench built an hour before utter still runs, with a one-line warning that says how to rebuild it")
  func staleBenchIsNamed() async throws {
    let dir = try folder(benchAge: 3600)
    defer { dir.remove() }
    let output = try await UtterBinary.run(
      ["bench", "format", "--json"], timeout: 60, executable: dir.path("utter"))
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == "bench got: format --json\n")
    #expect(
      output.stderr
        == "utter bench: utter-bench was built 60 min before utter and may measure older code; rebuild it: "
        + "swift build -c release --product utter-bench\n")
  }

  @Test("one built with utter runs without a word")
  func freshBenchIsQuiet() async throws {
    let dir = try folder(benchAge: 30)
    defer { dir.remove() }
    let output = try await UtterBinary.run(
      ["bench", "store"], timeout: 60, executable: dir.path("utter"))
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == "bench got: store\n")
    #expect(output.stderr.isEmpty)
  }
}
