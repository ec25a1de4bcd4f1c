import Dictation
import Foundation
import LLMPolish
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

@Suite("Your own servers as the phone can reach them")
struct OwnServerReachTests {
  func settings(engineAt engine: String = "", polish: String = "none", polishAt: String = "") -> DictationSettings {
    var settings = UtterSettings()
    settings.engine = UtterSettings.ownServerEngine
    settings.engineBaseURL = engine
    settings.polishProvider = polish
    settings.polishBaseURL = polishAt
    return DictationSettings(settings: settings)
  }

  @Test("a plain-http server on the internet is refused with the one line the app shows")
  func publicHTTPRefused() {
    let settings = settings(engineAt: "http://dictation.example.com:8080")
    let refusal = settings.ownServerRefusal(engine: settings.engine(), permission: .granted, inForeground: true)
    #expect(refusal == .insecurePublicHost("dictation.example.com"))
  }

  @Test("a LAN server is reached once the user allowed the local network, and refused when they did not")
  func localNetwork() {
    let settings = settings(
      engineAt: "http://192.168.1.20:8080", polish: "openai-compatible", polishAt: "http://mac.local:11434")
    #expect(settings.ownServerAddresses(engine: settings.engine()).map(\.host) == ["192.168.1.20", "mac.local"])
    #expect(settings.ownServerRefusal(engine: settings.engine(), permission: .granted, inForeground: false) == nil)
    #expect(
      settings.ownServerRefusal(engine: settings.engine(), permission: .denied, inForeground: true)
        == .localNetworkDenied("192.168.1.20"))
  }

  @Test("a cloud polish provider's address is not the saved one, so it is never checked as an own server")
  func cloudPolishIsNotOwnServer() {
    let settings = settings(polish: "groq", polishAt: "http://dictation.example.com")
    #expect(settings.ownServerAddresses(engine: EngineChoice(id: "whisper", model: nil)).isEmpty)
  }

  @Test("the own server's model is kept apart from the on-device model")
  func serverModelKept() {
    var settings = settings(engineAt: "http://192.168.1.20:8080")
    settings.settings.engineServerModel = "large-v3-turbo"
    #expect(settings.engine() == EngineChoice(id: "openai-compatible", model: "large-v3-turbo"))
    settings.settings.engine = "whisper"
    #expect(settings.engine() == EngineChoice(id: "whisper", model: "tiny.en"))
  }
}
