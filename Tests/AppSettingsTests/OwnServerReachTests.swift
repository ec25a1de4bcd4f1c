import AppSettings
import Dictation
import Foundation
import PhoneRules
import Storage
import Testing

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
