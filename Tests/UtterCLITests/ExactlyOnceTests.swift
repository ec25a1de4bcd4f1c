import Foundation
import TestSupport
import Testing

/// A result is inserted by exactly one keyboard, once: keyboard processes claim a result before inserting it.
@Suite("Keyboard↔app session: exactly once", .serialized)
struct ExactlyOnceTests {
  /// Writes the app's side by hand: a live session and one pending result.
  static func writeLiveSession(in container: URL, resultText: String) throws {
    try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
    // NB: a heartbeat 50 s ahead stays fresh however slow the machine (the keyboard allows up to 60 s ahead).
    let now = Date().timeIntervalSince1970
    let state = """
      {"heartbeat":\(now + 50),"lastCommandSeq":0,"partialText":"","phase":"standby","seq":1,"sessionID":"s1",\
      "waitingOn":[]}
      """
    try Data(state.utf8).write(to: container.appendingPathComponent("state.json"))
    let result = """
      {"commandSeq":1,"createdAt":\(now),"id":"s1-1","rawText":"\(resultText.lowercased())","sessionID":"s1",\
      "text":"\(resultText)"}
      """
    try Data(result.utf8).write(to: container.appendingPathComponent("result-s1-1.json"))
  }

  @Test("a keyboard that died after inserting, before its acknowledgement was written, is not repeated by the next")
  func noRepeatAfterLostAcknowledgement() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    try Self.writeLiveSession(in: workspace.container, resultText: "Only once.")
    let first = try await workspace.runKeyboard("wait-insert 20")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == "Only once.\n")
    // The acknowledgement never reached the app: its command is lost, the result is still pending.
    try FileManager.default.removeItem(at: workspace.container.appendingPathComponent("commands.json"))
    let second = try await workspace.runKeyboard("wait 1")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "inserted a second time")
    let commands = try String(
      contentsOf: workspace.container.appendingPathComponent("commands.json"), encoding: .utf8)
    #expect(commands.contains(#""resultID":"s1-1""#), "the second keyboard acknowledges it for the first")
  }

  @Test("two keyboard processes open at once: one dictation is inserted into one field only")
  func twoKeyboardsOneInsertion() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    try FileManager.default.createDirectory(at: workspace.container, withIntermediateDirectories: true)
    let one = try workspace.startKeyboard("wait-insert 15", label: "one")
    let two = try workspace.startKeyboard("wait-insert 15", label: "two")
    defer {
      one.terminate()
      two.terminate()
    }
    try Self.writeLiveSession(in: workspace.container, resultText: "Just one field.")
    #expect(try await offThePool { one.waitForExit(timeout: 60) && two.waitForExit(timeout: 60) })
    let outputs = ["one", "two"].map {
      (try? String(contentsOf: workspace.dir.path("\($0).stdout"), encoding: .utf8)) ?? ""
    }
    #expect(outputs.filter { $0.contains("Just one field.") }.count == 1, "\(outputs)")
  }
}

@Suite("Keyboard↔app session: a crowded shared folder", .serialized)
struct CrowdedFolderTests {
  @Test("hundreds of stale results of old sessions are never read or logged by the keyboard")
  func staleResultsAreIgnoredQuietly() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    try ExactlyOnceTests.writeLiveSession(in: workspace.container, resultText: "Fresh.")
    for index in 1...300 {
      let stale = """
        {"commandSeq":\(index),"createdAt":1000,"id":"old-\(index)","rawText":"stale","sessionID":"old","text":"Stale."}
        """
      try Data(stale.utf8).write(to: workspace.container.appendingPathComponent("result-old-\(index).json"))
    }
    let keyboard = try await workspace.runKeyboard("wait-insert 20; wait 1", environment: ["UTTER_LOG": "info"])
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(keyboard.stdout == "Fresh.\n")
    #expect(!keyboard.stderr.contains("old-"), "no stale result is read or logged")
  }
}
