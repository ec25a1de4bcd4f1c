import Foundation
import TestSupport
import Testing

/// Command mode on the phone: with text selected, the dictation is an instruction, and its rewrite replaces exactly
/// the selection; the keyboard and the app run as two processes, and the model is a local stand-in.
@Suite("Keyboard↔app session: command mode on a selection", .serialized, .enabled(if: SyntheticSpeech.isAvailable))
struct CommandModeSessionTests {
  static let field = "Note to Sam: see you tomorrow"

  /// Runs `utter keyboard` on `field` with its last `select` characters selected.
  static func keyboard(_ workspace: SessionWorkspace, select: Int, script: String) async throws -> ProcessOutput {
    try await UtterBinary.run(
      [
        "keyboard", "--container", workspace.container.path, "--text", field, "--select", String(select),
        "--script", script,
      ], timeout: 120)
  }

  /// Points polish (and so command mode) at `baseURL` with a key, before the host starts.
  static func polish(at baseURL: String, in workspace: SessionWorkspace) async throws {
    let data = ["--data-dir", workspace.dataDirectory.path]
    for command in [
      ["settings", "set", "polish-base-url", baseURL], ["keys", "set", "openai-compatible-polish", "own-key"],
      ["settings", "set", "polish-provider", "openai-compatible"],
    ] {
      let result = try await UtterBinary.run(command + data, environment: Self.environment)
      #expect(result.status == 0, "\(result.stderr)")
    }
  }

  static let environment = ["UTTER_OPENAI_COMPATIBLE_POLISH_API_KEY": ""]

  @Test("a spoken instruction rewrites exactly the selection; undo puts the selection back")
  func rewriteAndUndo() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let model = try await FakeLLMServer(reply: "I look forward to seeing you tomorrow.", in: workspace.dir)
    defer { model.stop() }
    try await Self.polish(at: model.baseURL, in: workspace)
    let host = try workspace.startHost(
      mic: try workspace.speech("Make this more formal."), environment: Self.environment)
    defer { host.terminate() }
    #expect(await host.log("ready"))

    let selected = "see you tomorrow"
    let keyboard = try await Self.keyboard(
      workspace, select: selected.count, script: "status; start; wait 3; stop; wait-insert 60; field; undo; field")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("keyboard status: ready (mic: rewrite)"), "the mic key offers the rewrite")
    let fields = keyboard.stdout.split(separator: "\n").map(String.init)
    #expect(
      fields == ["Note to Sam: I look forward to seeing you tomorrow.", Self.field],
      "the rewrite replaced the selection and nothing else; undo restored it: \(keyboard.stderr)")
    // The model was asked with the selection and the spoken instruction, and only once.
    let requests = model.requests.split(separator: "\n").filter { $0.hasPrefix("/v1/chat/completions") }
    #expect(requests.count == 1)
    #expect(requests.first?.contains("<selection>\\n\(selected)\\n</selection>") == true, "\(model.requests)")
    #expect(requests.first?.lowercased().contains("formal") == true, "the instruction as heard: \(model.requests)")
    #expect(!model.requests.contains("Note to Sam"), "nothing outside the selection goes to the model")
  }

  @Test("when the model cannot be reached the selection stays as it was, and the keyboard says why")
  func modelUnreachable() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    // Nothing listens on the discard port: the request is refused at once.
    try await Self.polish(at: "http://127.0.0.1:9/v1", in: workspace)
    let host = try workspace.startHost(
      mic: try workspace.speech("Make this more formal."), environment: Self.environment)
    defer { host.terminate() }
    #expect(await host.log("ready"))

    let keyboard = try await Self.keyboard(workspace, select: 16, script: "start; wait 3; stop; wait-insert 60; field")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(keyboard.stdout == Self.field + "\n", "the field is as it was")
    #expect(keyboard.stderr.contains("keyboard: notice: Not rewritten:"), "\(keyboard.stderr)")
  }

  @Test("a selection iOS may show only in part is refused before anything is recorded")
  func cutSelectionRefused() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let text = "One thing. Two things. Three things. Four things. Five things."
    let keyboard = try await UtterBinary.run(
      [
        "keyboard", "--container", workspace.container.path, "--text", text, "--select", String(text.count),
        "--script", "start; status",
      ])
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(keyboard.stderr.contains("error: iOS may show Utter only part of this selection"), "\(keyboard.stderr)")
    #expect(keyboard.stdout == text + "\n", "the field is untouched")

    let wrong = try await UtterBinary.run(
      ["keyboard", "--container", workspace.container.path, "--text", "abc", "--select", "4", "--script", "status"])
    #expect(wrong.status != 0)
    #expect(wrong.stderr.contains("--select must be from 1 to the length of --text (3 characters)"), "\(wrong.stderr)")
  }
}
