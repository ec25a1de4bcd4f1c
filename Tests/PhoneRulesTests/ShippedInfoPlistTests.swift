import Foundation
import PhoneRules
import TestSupport
import Testing

/// The rules `utter host` and the tests apply are the ones the app ships: `App/project.yml` generates the app's
/// Info.plist, and these tests hold it equal to `TransportSecurity.shipped`.
@Suite("the app's Info.plist matches the rules the simulated phone plays by")
struct ShippedInfoPlistTests {
  /// The `info: properties:` block of the `Utter` application target, as `key: value` lines (folded values joined).
  func appInfo() throws -> [String: String] {
    let text = try String(contentsOf: PackagePaths.file("App/project.yml"), encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    guard let target = lines.firstIndex(of: "  Utter:"),
      let info = lines[target...].firstIndex(where: { $0 == "    info:" })
    else { return [:] }
    var values: [String: String] = [:]
    var folding: (key: String, indent: Int)?
    for line in lines[(info + 1)...] {
      let indent = line.prefix { $0 == " " }.count
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      if indent <= 4 { break }
      if let open = folding, indent > open.indent {
        values[open.key] = [values[open.key] ?? "", trimmed].filter { !$0.isEmpty }.joined(separator: " ")
        continue
      }
      folding = nil
      guard let colon = trimmed.firstIndex(of: ":") else { continue }
      let name = String(trimmed[..<colon])
      let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      if value == ">-" {
        folding = (name, indent)
        values[name] = ""
      } else {
        values[name] = value
      }
    }
    return values
  }

  @Test("NSAllowsLocalNetworking and the local-network usage text are shipped as the rules say")
  func transportSecurityMatches() throws {
    let info = try appInfo()
    #expect(info["NSAppTransportSecurity"] == "")
    #expect(info["NSAllowsLocalNetworking"] == String(TransportSecurity.shipped.allowsLocalNetworking))
    #expect(info["NSAllowsArbitraryLoads"] == nil, "the app never allows http to the internet")
    #expect(info["NSLocalNetworkUsageDescription"] == TransportSecurity.shipped.localNetworkUsageDescription)
  }
}
