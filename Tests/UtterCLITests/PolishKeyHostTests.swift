import Foundation
import TestSupport
import Testing

/// A polish key goes only to the host it was saved for: your own server's address in settings never carries a cloud
/// provider's key, and a cloud provider never receives your own server's key.
@Suite("utter transcribe: each polish key reaches only its own server", .serialized)
struct PolishKeyHostTests {
  @Test("with your own server saved in settings, the groq key goes only to groq's server, and back again")
  func keysStayWithTheirHosts() async throws {
    guard engineAvailable() else { return }
    let home = try TemporaryDirectory("utter-polish-keys")
    defer { home.remove() }
    let own = try await FakeLLMServer(reply: "ECHO Can you=>Could you", in: home, name: "own")
    defer { own.stop() }
    let cloud = try await FakeLLMServer(reply: "ECHO Can you=>Would you", in: home, name: "cloud")
    defer { cloud.stop() }
    let data = ["--data-dir", home.url.path]
    let environment = ["GROQ_API_KEY": "", "UTTER_OPENAI_COMPATIBLE_POLISH_API_KEY": ""]
    for command in [
      ["settings", "set", "polish-base-url", own.baseURL], ["keys", "set", "openai-compatible-polish", "own-key"],
      ["keys", "set", "groq", "groq-key"],
    ] {
      let result = try await UtterBinary.run(command + data, environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
    }
    let demo = PackagePaths.file("Samples/demo.wav").path
    let toOwn = try await UtterBinary.run(
      ["transcribe", "--no-history", "--polish", "openai-compatible", demo] + data, environment: environment)
    #expect(toOwn.status == 0, "\(toOwn.stderr)")
    #expect(toOwn.stdout.contains("Could you bring"), "your own server polished the dictation")
    let toCloud = try await UtterBinary.run(
      ["transcribe", "--no-history", "--polish", "groq", "--polish-base-url", cloud.baseURL, demo] + data,
      environment: environment)
    #expect(toCloud.status == 0, "\(toCloud.stderr)")
    #expect(toCloud.stdout.contains("Would you bring"), "groq's stand-in polished the dictation")
    #expect(own.requests.contains("auth=Bearer own-key"))
    #expect(cloud.requests.contains("auth=Bearer groq-key"))
    #expect(!own.requests.contains("groq-key"), "your own server never sees the groq key")
    #expect(!cloud.requests.contains("own-key"), "groq never sees your own server's key")
    let ownRequests = own.requests.components(separatedBy: "\n").filter { !$0.isEmpty }
    #expect(!ownRequests.isEmpty && ownRequests.allSatisfy { $0.contains("auth=Bearer own-key") })
  }

  @Test("a polish model saved for your own server goes only to it: groq, chosen after, gets its own default model")
  func modelStaysWithItsProvider() async throws {
    guard engineAvailable() else { return }
    let home = try TemporaryDirectory("utter-polish-model")
    defer { home.remove() }
    let own = try await FakeLLMServer(reply: "ECHO Can you=>Could you", in: home, name: "own")
    defer { own.stop() }
    let cloud = try await FakeLLMServer(reply: "ECHO Can you=>Would you", in: home, name: "cloud")
    defer { cloud.stop() }
    let data = ["--data-dir", home.url.path]
    let environment = ["GROQ_API_KEY": "", "UTTER_OPENAI_COMPATIBLE_POLISH_API_KEY": ""]
    let demo = PackagePaths.file("Samples/demo.wav").path
    func utter(_ arguments: [String]) async throws -> ProcessOutput {
      let result = try await UtterBinary.run(arguments + data, environment: environment)
      #expect(result.status == 0, "utter \(arguments.joined(separator: " ")): \(result.stderr)")
      return result
    }
    for command in [
      ["settings", "set", "polish-provider", "openai-compatible"], ["settings", "set", "polish-model", "llama-own"],
      ["settings", "set", "polish-base-url", own.baseURL], ["keys", "set", "groq", "groq-key"],
      ["settings", "set", "polish-provider", "groq"],
    ] { _ = try await utter(command) }
    #expect(
      try await utter(["settings", "get", "polish-model"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "")
    let toCloud = try await utter(["transcribe", "--no-history", "--polish-base-url", cloud.baseURL, demo])
    #expect(toCloud.stdout.contains("Would you bring"), "groq's stand-in polished it: \(toCloud.stderr)")
    #expect(cloud.requests.contains("llama-3.3-70b-versatile"), "groq's own default model: \(cloud.requests)")
    #expect(!cloud.requests.contains("llama-own"))

    _ = try await utter(["settings", "set", "polish-provider", "openai-compatible"])
    #expect(try await utter(["settings", "get", "polish-model"]).stdout.contains("llama-own"), "kept for your server")
    let toOwn = try await utter(["transcribe", "--no-history", demo])
    #expect(toOwn.stdout.contains("Could you bring"), "\(toOwn.stderr)")
    #expect(own.requests.contains("llama-own"), "your own server gets the model saved for it")
  }
}
