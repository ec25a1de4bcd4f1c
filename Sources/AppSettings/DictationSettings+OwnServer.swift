import Dictation
import Foundation
import LLMPolish
import PhoneRules
import Storage

extension DictationSettings {
  /// The addresses of the user's own servers a dictation would contact: the speech server when it is the engine,
  /// and the polish server when the polish provider takes the saved address.
  public func ownServerAddresses(engine: EngineChoice) -> [URL] {
    var addresses: [URL] = []
    if engine.id == UtterSettings.ownServerEngine, let url = Self.address(settings.engineBaseURL) {
      addresses.append(url)
    }
    if let provider = polishProvider, LLMProviderCatalog.preset(id: provider)?.takesSavedAddress == true,
      let url = Self.address(settings.polishBaseURL)
    {
      addresses.append(url)
    }
    return addresses
  }

  /// Why the phone could not reach one of those servers (App Transport Security from the app's Info.plist, and the
  /// local-network permission), in the one line the app's settings and `utter host` both show; nil when it can.
  /// `onDevice` false is the simulated phone, whose "own server" on loopback stands for a computer on the network.
  public func ownServerRefusal(
    engine: EngineChoice, rules: TransportSecurity = .shipped,
    permission: TransportSecurity.LocalNetworkPermission, inForeground: Bool, onDevice: Bool = true
  ) -> TransportSecurity.Refusal? {
    for url in ownServerAddresses(engine: engine) {
      if case .failure(let refusal) = rules.check(
        url, permission: permission, inForeground: inForeground, onDevice: onDevice)
      {
        return refusal
      }
    }
    return nil
  }

  private static func address(_ text: String) -> URL? {
    URL(string: text).flatMap { $0.host == nil ? nil : $0 }
  }
}
