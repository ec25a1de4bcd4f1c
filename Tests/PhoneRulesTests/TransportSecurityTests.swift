import Foundation
import KeyboardRules
import KeyboardSimulation
import PhoneRules
import Testing

@Suite("App Transport Security and local-network privacy")
struct TransportSecurityTests {
  let shipped = TransportSecurity.shipped

  func check(
    _ address: String, _ permission: TransportSecurity.LocalNetworkPermission = .granted,
    foreground: Bool = false, rules: TransportSecurity = .shipped
  ) -> TransportSecurity.Refusal? {
    guard let url = URL(string: address) else { return .notHTTP(address) }
    if case .failure(let refusal) = rules.check(url, permission: permission, inForeground: foreground) {
      return refusal
    }
    return nil
  }

  @Test("plain http to a public address is refused with the reason and the fix")
  func publicHTTPIsRefused() {
    let refusal = check("http://dictation.example.com:8080")
    #expect(refusal == .insecurePublicHost("dictation.example.com"))
    #expect(refusal?.description.contains("use https://dictation.example.com") == true)
    #expect(check("https://dictation.example.com") == nil)
    #expect(check("ws://203.0.113.7/v1/audio/live") == nil, "a public IP address is ATS-local, not local network")
  }

  @Test("a LAN address over http needs NSAllowsLocalNetworking, which the app ships")
  func localNetworkingKey() {
    let bare = TransportSecurity(localNetworkUsageDescription: "why")
    #expect(check("http://192.168.1.20:8080", rules: bare) == .insecureLocalHost("192.168.1.20"))
    #expect(check("http://mac.local:8080", rules: bare) == .insecureLocalHost("mac.local"))
    #expect(check("http://192.168.1.20:8080") == nil)
    #expect(check("ws://[fe80::1]:8080/v1/audio/live") == nil)
    #expect(check("https://192.168.1.20:8443", rules: bare) == nil, "TLS needs no exception")
  }

  @Test("the local-network alert can only be answered in the foreground")
  func permissionInTheBackground() {
    #expect(check("http://192.168.1.20:8080", .notAsked, foreground: false) == .localNetworkNotAsked("192.168.1.20"))
    #expect(check("http://192.168.1.20:8080", .notAsked, foreground: true) == nil)
    #expect(check("http://nas:8080", .denied, foreground: true) == .localNetworkDenied("nas"))
    let silent = TransportSecurity(allowsLocalNetworking: true)
    #expect(check("http://10.0.0.2", rules: silent) == .noUsageDescription("10.0.0.2"))
  }

  @Test("localhost on a phone is the phone itself")
  func loopbackIsThisDevice() {
    #expect(check("http://localhost:11434/v1") == .thisDevice("localhost"))
    #expect(check("http://127.0.0.1:8080") == .thisDevice("127.0.0.1"))
    let url = URL(string: "http://127.0.0.1:8080")!
    #expect((try? shipped.check(url, permission: .notAsked, inForeground: false, onDevice: false).get()) != nil)
  }

  @Test("hosts are sorted as iOS sorts them")
  func places() {
    #expect(TransportSecurity.place(of: "api.openai.com") == .internet)
    #expect(TransportSecurity.place(of: "172.20.1.1") == .local(privateAddress: true))
    #expect(TransportSecurity.place(of: "172.32.1.1") == .local(privateAddress: false))
    #expect(TransportSecurity.place(of: "::1") == .loopback)
    #expect(TransportSecurity.place(of: "999.1.1.1") == .internet)
    #expect(TransportSecurity.needsLocalNetwork(URL(string: "http://192.168.0.3")!))
    #expect(!TransportSecurity.needsLocalNetwork(URL(string: "https://api.groq.com")!))
  }
}

@Suite("A keyboard extension's memory ceiling")
struct KeyboardMemoryTests {
  @Test("the strict phone ends a keyboard at the lowest measured ceiling, and says so")
  func ceiling() {
    #expect(KeyboardMemory.fits(peakBytes: 30 * 1_048_576))
    #expect(!KeyboardMemory.fits(peakBytes: 48 * 1_048_576))
    #expect(KeyboardMemory.report(peakBytes: 33 * 1_048_576) == "memory: peak 33.0 MB of a keyboard's 48 MB")
    #expect(KeyboardMemory.report(peakBytes: 60 * 1_048_576).hasSuffix("(over: iOS would end this keyboard)"))
  }
}
