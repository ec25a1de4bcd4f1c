import Foundation
import TestSupport
import Testing

/// `utter host` runs the app's dictation pipeline: the store, keys and polish of its own data folder.
@Suite("utter host: the app's dictation pipeline", .serialized, .enabled(if: SyntheticSpeech.isAvailable))
struct HostPipelineTests {
  @Test("a keyboard dictation is polished by the provider in settings, with the key from --data-dir")
  func keyboardDictationIsPolished() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let server = try await FakeLLMServer(reply: "ECHO Can you=>Could you", in: workspace.dir)
    defer { server.stop() }
    // Another folder stands where keys are looked up by default: it has none.
    let elsewhere = workspace.dir.path("default-home")
    let environment = ["UTTER_HOME": elsewhere.path, "UTTER_OPENAI_COMPATIBLE_POLISH_API_KEY": ""]
    let data = ["--data-dir", workspace.dataDirectory.path]
    for (key, value) in [("polish-provider", "openai-compatible"), ("polish-base-url", server.baseURL)] {
      let set = try await UtterBinary.run(["settings", "set", key, value] + data, environment: environment)
      #expect(set.status == 0, "\(set.stderr)")
    }
    let keys = try await UtterBinary.run(
      ["keys", "set", "openai-compatible-polish", "test-key"] + data, environment: environment)
    #expect(keys.status == 0, "\(keys.stderr)")

    let speech = try workspace.speech("Can you bring the report to the station tomorrow morning?")
    let host = try workspace.startHost(mic: speech, environment: environment)
    defer { host.terminate() }
    #expect(await host.log("ready"))
    let keyboard = try await workspace.runKeyboard("start; wait 3; stop; wait-insert 30")
    #expect(keyboard.status == 0, "\(keyboard.stderr)")
    #expect(server.requests.contains("/chat/completions"), "the keyboard dictation was sent for polish")
    #expect(server.requests.contains("auth=Bearer test-key"), "with the key from --data-dir")
    if workspace.engine == "whisper" {
      #expect(keyboard.stdout.hasPrefix("Could you bring"), "the polished text is what the keyboard inserts")
    }
    await host.stop()
    let rows = try workspace.historyRows()
    #expect(rows.count == 1)
    #expect(rows.first?.contains("|complete|keyboard|1|") == true)
    if workspace.engine == "whisper" { #expect(rows.first?.contains("Could you bring") == true) }
  }

  @Test("your own server at a plain-http internet address is refused before ready, with the app's one line")
  func publicHTTPServerRefused() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let data = ["--data-dir", workspace.dataDirectory.path]
    for (key, value) in [("engine", "openai-compatible"), ("engine-base-url", "http://dictation.example.com:8080")] {
      #expect(try await UtterBinary.run(["settings", "set", key, value] + data).status == 0)
    }
    let speech = try workspace.speech("Hello there.")
    let host = try await UtterBinary.run(
      ["host", "--container", workspace.container.path, "--mic", speech.path] + data)
    #expect(host.status == 1)
    #expect(
      host.stderr.contains(
        "utter: dictation.example.com is on the internet: iOS allows it only over https (App Transport Security); "
          + "use https://dictation.example.com"), "\(host.stderr)")
    #expect(!host.stderr.contains("ready"))
    let denied = try await UtterBinary.run(
      ["settings", "set", "engine-base-url", "http://192.168.1.20:8080"] + data)
    #expect(denied.status == 0)
    let refused = try await UtterBinary.run(
      ["host", "--container", workspace.container.path, "--mic", speech.path, "--local-network", "denied"] + data)
    #expect(refused.stderr.contains("192.168.1.20 is on your local network, which Utter may not reach"))
  }

  @Test("the keyboard's pending window comes from the keyboard settings the app exported")
  func keyboardReadsExportedSettings() async throws {
    let workspace = try SessionWorkspace()
    defer { workspace.remove() }
    let data = ["--data-dir", workspace.dataDirectory.path]
    #expect(try await UtterBinary.run(["settings", "set", "pending-offer-window", "45s"] + data).status == 0)
    let export = try await UtterBinary.run(
      ["settings", "export-keyboard", "--container", workspace.container.path] + data)
    #expect(export.status == 0, "\(export.stderr)")
    let file = try String(
      contentsOf: workspace.container.appendingPathComponent("keyboard-settings.json"), encoding: .utf8)
    #expect(file.contains(#""pendingResultWindowSeconds":45"#))
    try Data("{not json".utf8).write(to: workspace.container.appendingPathComponent("keyboard-settings.json"))
    let damaged = try await workspace.runKeyboard("status")
    #expect(damaged.status != 0)
    #expect(damaged.stderr.contains("keyboard-settings.json"))
  }
}
