import Foundation
import TestSupport
import Testing

/// Runs a shell script in a private mount namespace (`unshare -rm`), where it may mount a small tmpfs to fill:
/// a real full disk, gone when the script ends, that no other process sees.
struct FullDiskScenario {
  let workspace: SessionWorkspace

  /// Runs `script` with `$UTTER` (the binary) and `$W` (the workspace) set; `$SMALL` is a 1 MB tmpfs with the
  /// data folder `$D` on it (made by a first `utter` run), and `fill` makes it full.
  func run(_ script: String) async throws -> ProcessOutput {
    let prologue = """
      set -u
      mkdir -p "$W/small"
      mount -t tmpfs -o size=1m,mode=0700 tmpfs "$W/small" || { echo "cannot mount a tmpfs" >&2; exit 90; }
      SMALL="$W/small"; D="$SMALL/data"
      "$UTTER" settings get --data-dir "$D" >/dev/null || exit 91
      fill() { dd if=/dev/zero of="$SMALL/fill" bs=4k >/dev/null 2>&1; true; }

      """
    let directory = workspace.dir.url
    return try await offThePool { try Self.runSync(prologue + script, in: directory) }
  }

  private static func runSync(_ script: String, in directory: URL) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    process.arguments = ["-rm", "/bin/sh", "-c", script]
    process.environment = ProcessInfo.processInfo.environment.merging([
      "UTTER": UtterBinary.url.path, "W": directory.path,
    ]) { $1 }
    let out = directory.appendingPathComponent("scenario.stdout")
    let err = directory.appendingPathComponent("scenario.stderr")
    FileManager.default.createFile(atPath: out.path, contents: nil)
    FileManager.default.createFile(atPath: err.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return ProcessOutput(
      status: process.terminationStatus, stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
  }

  func file(_ name: String) -> String {
    (try? String(contentsOf: workspace.dir.path(name), encoding: .utf8)) ?? ""
  }
}

@Suite("A full disk", .serialized, .enabled(if: SyntheticSpeech.isAvailable))
struct FullDiskTests {
  @Test("transcribe on a full disk prints the text and one line saying history could not keep it")
  func transcribeOnFullDisk() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let speech = try workspace.speech("Please book a table for four people tonight.")
    let scenario = FullDiskScenario(workspace: workspace)
    let output = try await scenario.run(
      """
      fill
      "$UTTER" transcribe --data-dir "$D" "\(speech.path)" > "$W/t.stdout" 2> "$W/t.stderr"; echo $? > "$W/t.status"
      """)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(scenario.file("t.status") == "0\n", "the text was delivered: \(scenario.file("t.stderr"))")
    #expect(scenario.file("t.stdout").lowercased().contains("table for four"))
    let errors = scenario.file("t.stderr").split(separator: "\n")
    #expect(errors.count == 1, "one line: \(errors)")
    #expect(errors.first?.contains("the disk is full") == true, "\(errors)")
    #expect(!scenario.file("t.stderr").contains("NSCocoaErrorDomain"))
  }

  @Test("a session on a full disk delivers the text, logs the failure once, and stores it when space returns")
  func sessionOnFullDisk() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let speech = try workspace.speech("The disk was full when I started talking.")
    let scenario = FullDiskScenario(workspace: workspace)
    let output = try await scenario.run(
      """
      fill
      "$UTTER" host --container "$W/container" --data-dir "$D" --mic "\(speech.path)" --mic-speed 2 \\
        --engine \(workspace.engine) 2> "$W/host.stderr" &
      HOST=$!
      for i in $(seq 600); do grep -q "ready" "$W/host.stderr" && break; sleep 0.1; done
      "$UTTER" keyboard --container "$W/container" --script "start; wait 3; stop; wait-insert 60" \\
        > "$W/kb.stdout" 2> "$W/kb.stderr"; echo $? > "$W/kb.status"
      rm -f "$SMALL/fill"
      for i in $(seq 1200); do
        "$UTTER" history list --data-dir "$D" > "$W/history" 2>&1
        grep -qi "started talking" "$W/history" && break
        sleep 0.1
      done
      kill -TERM $HOST; wait $HOST
      """)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(scenario.file("kb.status") == "0\n", "\(scenario.file("kb.stderr"))")
    #expect(
      scenario.file("kb.stdout").lowercased().contains("full when i started talking"), "\(scenario.file("kb.stdout"))")
    #expect(!scenario.file("kb.stderr").contains("microphone"), "\(scenario.file("kb.stderr"))")
    let hostLog = scenario.file("host.stderr")
    let fullLines = hostLog.split(separator: "\n").filter { $0.contains("the disk is full") }
    #expect((1...2).contains(fullLines.count), "logged once per kind of failure, not in a loop: \(hostLog)")
    #expect(scenario.file("history").lowercased().contains("started talking"), "\(scenario.file("history"))")
  }
}
