import Foundation
import TestSupport
import Testing

/// `utter bench` runs `utter-bench` from utter's own folder, and says so when that one was linked before a module it
/// links was compiled again.
@Suite("utter bench: the benchmark executable it runs")
struct BenchLauncherTests {
  /// A folder with a copy of `utter`, a stand-in `utter-bench` (a script that prints its arguments) and the list of
  /// objects SwiftPM keeps next to it, two objects of which one was compiled `age` seconds after the stand-in.
  func folder(objectAge age: TimeInterval) throws -> TemporaryDirectory {
    let dir = try TemporaryDirectory("utter-bench-launch")
    try FileManager.default.copyItem(at: UtterBinary.url, to: dir.path("utter"))
    let bench = dir.path("utter-bench")
    try "#!/bin/sh\necho \"bench got: $*\"\n".write(to: bench, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bench.path)
    let linked = try #require(try FileManager.default.attributesOfItem(atPath: bench.path)[.modificationDate] as? Date)
    var objects: [String] = []
    for (module, offset) in [("Storage", -60.0), ("UtterBench", age)] {
      try FileManager.default.createDirectory(at: dir.path("\(module).build"), withIntermediateDirectories: true)
      let object = dir.path("\(module).build/\(module).swift.o")
      try Data("o".utf8).write(to: object)
      try FileManager.default.setAttributes(
        [.modificationDate: linked.addingTimeInterval(offset)], ofItemAtPath: object.path)
      objects.append(object.path)
    }
    try FileManager.default.createDirectory(at: dir.path("utter-bench.product"), withIntermediateDirectories: true)
    try (objects.joined(separator: "\n") + "\n").write(
      to: dir.path("utter-bench.product/Objects.LinkFileList"), atomically: true, encoding: .utf8)
    return dir
  }

  @Test("an utter-bench linked an hour before a module it links was compiled still runs, with a one-line warning")
  func staleBenchIsNamed() async throws {
    let dir = try folder(objectAge: 3600)
    defer { dir.remove() }
    let output = try await UtterBinary.run(
      ["bench", "format", "--json"], timeout: 60, executable: dir.path("utter"))
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == "bench got: format --json\n")
    #expect(
      output.stderr
        == "utter bench: utter-bench was linked 60 min before its module UtterBench was last compiled and may "
        + "measure older code; rebuild it: swift build -c release --product utter-bench\n")
  }

  @Test("a module compiled seconds after the link is named as such, not as \"0 min\"")
  func justStaleBench() async throws {
    let dir = try folder(objectAge: 20)
    defer { dir.remove() }
    let output = try await UtterBinary.run(["bench", "store"], timeout: 60, executable: dir.path("utter"))
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stderr.hasPrefix("utter bench: utter-bench was linked under a minute before its module UtterBench"))
  }

  @Test("one linked after all its objects runs without a word, however long before utter it was built")
  func freshBenchIsQuiet() async throws {
    let dir = try folder(objectAge: -30)
    defer { dir.remove() }
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(7200)], ofItemAtPath: dir.path("utter").path)
    let output = try await UtterBinary.run(
      ["bench", "store"], timeout: 60, executable: dir.path("utter"))
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == "bench got: store\n")
    #expect(output.stderr.isEmpty)
  }
}
