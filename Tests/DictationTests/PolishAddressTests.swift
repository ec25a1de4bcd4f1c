import Dictation
import Foundation
import LLMPolish
import SessionTestFakes
import Storage
import Synchronization
import Testing

/// A key goes only to the host it was saved for: the own server's address in settings never redirects a cloud
/// provider, so after trying your own server, choosing OpenAI sends the OpenAI key to OpenAI.
@Suite("Polish: the saved address belongs to your own server, never to a cloud provider")
struct PolishAddressTests {
  final class Addresses: Sendable {
    let made = Mutex<[String: URL?]>([:])
  }

  func addressUsed(by provider: String, saved: String, override: URL? = nil) -> URL?? {
    var settings = UtterSettings()
    settings.polishProvider = provider
    settings.polishBaseURL = saved
    let addresses = Addresses()
    let providers = PolishProviders { id, _, baseURL in
      addresses.made.withLock { $0[id] = baseURL }
      return RecordingProvider()
    }
    _ = DictationFormatter(
      settings: DictationSettings(settings: settings), providers: providers, polishBaseURL: override)
    return addresses.made.withLock { $0[provider] }
  }

  @Test("cloud providers keep their own address whatever the settings hold")
  func cloudProvidersIgnoreTheSavedAddress() {
    for cloud in ["openai", "anthropic", "gemini", "groq", "mistral"] {
      #expect(addressUsed(by: cloud, saved: "http://192.168.1.20:8080") == .some(nil), "\(cloud)")
    }
  }

  @Test("your own server, Ollama and LM Studio take the saved address")
  func ownServersTakeIt() {
    let saved = URL(string: "http://192.168.1.20:8080")
    for own in ["openai-compatible", "ollama", "lmstudio"] {
      #expect(addressUsed(by: own, saved: "http://192.168.1.20:8080") == .some(saved), "\(own)")
    }
  }

  @Test("an address given for one run (utter transcribe --polish-base-url) is the caller's choice")
  func explicitOverride() {
    let proxy = URL(string: "http://127.0.0.1:9999/v1")
    #expect(addressUsed(by: "groq", saved: "http://192.168.1.20:8080", override: proxy) == .some(proxy))
  }
}
