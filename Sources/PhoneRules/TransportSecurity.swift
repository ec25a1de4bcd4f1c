import Foundation

/// App Transport Security and local-network privacy: whether the app may contact a URL at all.
///
/// - ATS blocks plain `http://` and `ws://` unless the Info.plist allows it. `NSAllowsLocalNetworking` allows
///   unqualified names, `.local` names and IP addresses; from iOS 17 IP addresses are no longer exempt without it,
///   and no exception domain can name an IP address.
///   https://developer.apple.com/documentation/bundleresources/information-property-list/nsapptransportsecurity/nsallowslocalnetworking
/// - Any contact with a device on the local network needs the user's permission, asked once by an alert the first
///   time the app reaches the network, and explained by `NSLocalNetworkUsageDescription`. Loopback is not the local
///   network. The alert can only be answered by a user looking at the app, so a first contact made while the app
///   is in the background (a keyboard dictation) fails until the app has asked in the foreground.
///   https://developer.apple.com/documentation/technotes/tn3179-understanding-local-network-privacy
public struct TransportSecurity: Sendable, Hashable {
  /// `NSAppTransportSecurity › NSAllowsArbitraryLoads`.
  public var allowsArbitraryLoads: Bool
  /// `NSAppTransportSecurity › NSAllowsLocalNetworking`.
  public var allowsLocalNetworking: Bool
  /// `NSLocalNetworkUsageDescription`: without it iOS never asks, and local-network contacts fail.
  public var localNetworkUsageDescription: String?

  public init(
    allowsArbitraryLoads: Bool = false, allowsLocalNetworking: Bool = false, localNetworkUsageDescription: String? = nil
  ) {
    self.allowsArbitraryLoads = allowsArbitraryLoads
    self.allowsLocalNetworking = allowsLocalNetworking
    self.localNetworkUsageDescription = localNetworkUsageDescription
  }

  /// What the app ships in its Info.plist (`App/project.yml`, target Utter); a test holds the two equal.
  public static let shipped = TransportSecurity(
    allowsLocalNetworking: true,
    localNetworkUsageDescription:
      "Utter connects to your own dictation or polish server on this network (an address you entered in Settings), "
      + "and nothing else.")

  /// The user's answer to the local-network alert.
  public enum LocalNetworkPermission: String, Sendable, Hashable, CaseIterable {
    case notAsked = "not-asked", granted, denied
  }

  /// Why a URL cannot be contacted, in one line a user can act on.
  public enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
    case notHTTP(String)
    case insecurePublicHost(String)
    case insecureLocalHost(String)
    case thisDevice(String)
    case localNetworkNotAsked(String)
    case localNetworkDenied(String)
    case noUsageDescription(String)

    public var description: String {
      switch self {
      case .notHTTP(let url): "\(url) is not an http(s) or ws(s) address"
      case .insecurePublicHost(let host):
        "\(host) is on the internet: iOS allows it only over https (App Transport Security); use https://\(host)"
      case .insecureLocalHost(let host):
        "\(host) needs plain http on the local network, which this build of the app does not allow"
      case .thisDevice(let host):
        "\(host) is the iPhone itself, not your computer: use your computer's network address (e.g. 192.168.1.20)"
      case .localNetworkNotAsked(let host):
        "\(host) is on your local network and iOS has not asked you yet: open Utter to allow Local Network access"
      case .localNetworkDenied(let host):
        "\(host) is on your local network, which Utter may not reach: allow it in Settings › Privacy & Security › "
          + "Local Network › Utter"
      case .noUsageDescription(let host):
        "\(host) is on your local network, and this build of the app cannot ask to reach it"
      }
    }
  }

  /// Where a host lies, as iOS sorts it.
  public enum HostPlace: Sendable, Hashable {
    /// `localhost`, 127.0.0.0/8, `::1`.
    case loopback
    /// An unqualified name, a `.local` name, or an IP address outside loopback: ATS's "local", and local-network
    /// privacy's when the address is private or link-local.
    case local(privateAddress: Bool)
    /// A qualified DNS name or a public address.
    case internet
  }

  /// Whether the app may contact `url`: ATS from these Info.plist values, then local-network privacy given the
  /// user's answer and whether the app is in the foreground (where the alert can be shown and answered).
  public func check(
    _ url: URL, permission: LocalNetworkPermission, inForeground: Bool, onDevice: Bool = true
  ) -> Result<Void, Refusal> {
    guard let scheme = url.scheme?.lowercased(), ["http", "https", "ws", "wss"].contains(scheme),
      let host = url.host, !host.isEmpty
    else { return .failure(.notHTTP(url.absoluteString)) }
    let secure = scheme == "https" || scheme == "wss"
    let place = Self.place(of: host)
    if onDevice, place == .loopback { return .failure(.thisDevice(host)) }
    if !secure, !allowsArbitraryLoads {
      switch place {
      case .internet: return .failure(.insecurePublicHost(host))
      case .local where !allowsLocalNetworking: return .failure(.insecureLocalHost(host))
      case .local, .loopback: break
      }
    }
    guard case .local(privateAddress: true) = place else { return .success(()) }
    guard localNetworkUsageDescription != nil else { return .failure(.noUsageDescription(host)) }
    switch permission {
    case .granted: return .success(())
    case .denied: return .failure(.localNetworkDenied(host))
    // NB: in the foreground the first contact shows the alert; the contact goes ahead once it is answered.
    case .notAsked: return inForeground ? .success(()) : .failure(.localNetworkNotAsked(host))
    }
  }

  /// Whether contacting `url` needs the local-network permission (so the app asks while it is in the foreground).
  public static func needsLocalNetwork(_ url: URL) -> Bool {
    guard let host = url.host else { return false }
    return place(of: host) == .local(privateAddress: true)
  }

  /// Sorts `host` as iOS does for ATS and local-network privacy.
  public static func place(of host: String) -> HostPlace {
    var name = host.lowercased()
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    if name.hasSuffix(".") { name.removeLast() }
    if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" { return .loopback }
    if let octets = ipv4(name) {
      if octets[0] == 127 { return .loopback }
      let isPrivate =
        octets[0] == 10 || (octets[0] == 172 && (16...31).contains(octets[1]))
        || (octets[0] == 192 && octets[1] == 168) || (octets[0] == 169 && octets[1] == 254)
      return .local(privateAddress: isPrivate)
    }
    if name.contains(":") {
      let isPrivate = ["fe8", "fe9", "fea", "feb", "fc", "fd"].contains { name.hasPrefix($0) }
      return .local(privateAddress: isPrivate)
    }
    if !name.contains(".") || name.hasSuffix(".local") { return .local(privateAddress: true) }
    return .internet
  }

  private static func ipv4(_ name: String) -> [Int]? {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    let octets = parts.compactMap { part -> Int? in
      guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCII), let value = Int(part), value <= 255 else {
        return nil
      }
      return value
    }
    return octets.count == 4 ? octets : nil
  }
}
