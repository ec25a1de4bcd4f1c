import Foundation
import TestSupport
import Testing

/// What docs/privacy.md says about the network, against the code each Apple target is built from (its folder and
/// every package module it links, per App/project.yml and Package.swift, as `ManifestCheck` reads them).
@Suite("The privacy policy's network sentences hold for the code each target ships")
struct PrivacyNetworkTests {
  /// The hosts the app may name: the cloud engines and polish providers Settings offers, Hugging Face for models,
  /// `localhost`, the address of Ollama's and LM Studio's presets, which the phone never offers, and github.com, the
  /// source repository the About screen and the policy link to (Safari opens it when the user taps it).
  static let appHosts: Set<String> = [
    "api.openai.com", "api.groq.com", "api.mistral.ai", "api.deepgram.com", "api.anthropic.com",
    "generativelanguage.googleapis.com", "huggingface.co", "localhost", "github.com",
  ]

  @Test("the keyboard links no network module and its code calls no networking API")
  func keyboardHasNoNetwork() throws {
    let check = try ManifestCheck(target: "UtterKeyboard")
    #expect(check.modules.contains("SessionChannel"), "the keyboard's modules were found")
    let networked: Set<String> = [
      "HTTPTransport", "CloudSpeech", "LLMPolish", "RemoteDictation", "LiveWire", "Dictation",
    ]
    #expect(check.modules.isDisjoint(with: networked), "the keyboard links \(check.modules.intersection(networked))")
    let calls = ["URLSession", "URLRequest", "NWConnection", "NWPathMonitor", "import Network", "CFStream", "socket("]
    var found: [String] = []
    for folder in [PackagePaths.file("App/UtterKeyboard")] + check.modules.map({ PackagePaths.file("Sources/\($0)") }) {
      for file in ManifestCheck.swiftFiles(in: folder) {
        let code = Self.code(try String(contentsOf: file, encoding: .utf8))
        found += calls.filter { code.contains($0) }.map { "\(file.lastPathComponent): \($0)" }
      }
    }
    #expect(found.isEmpty, "networking in the keyboard's code: \(found)")
    #expect(try Self.policy().contains("The keyboard has no network code of its own and never sends what you type"))
  }

  @Test("every address in the app's and the widgets' code is a provider's, Hugging Face's or localhost")
  func appNamesOnlyItsProviders() throws {
    for target in ["Utter", "UtterWidgets", "UtterKeyboard"] {
      let check = try ManifestCheck(target: target)
      var hosts = Set<String>()
      for folder in [PackagePaths.file("App/\(target)")] + check.modules.map({ PackagePaths.file("Sources/\($0)") }) {
        for file in ManifestCheck.swiftFiles(in: folder) {
          hosts.formUnion(Self.hosts(in: Self.code(try String(contentsOf: file, encoding: .utf8))))
        }
      }
      #expect(hosts.subtracting(Self.appHosts).isEmpty, "\(target) names \(hosts.subtracting(Self.appHosts))")
      if target == "Utter" { #expect(hosts.contains("huggingface.co") && hosts.contains("api.deepgram.com")) }
    }
    #expect(try Self.policy().contains("- Utter contacts nothing else."))
  }

  @Test("no analytics, crash-reporting or advertising package is in the build")
  func noAnalyticsPackages() throws {
    let resolved = try String(contentsOf: PackagePaths.file("Package.resolved"), encoding: .utf8).lowercased()
    let project = try String(contentsOf: PackagePaths.file("App/project.yml"), encoding: .utf8).lowercased()
    for name in ["firebase", "crashlytics", "sentry", "mixpanel", "amplitude", "segment", "bugsnag", "appcenter"] {
      #expect(!resolved.contains(name) && !project.contains(name), "\(name) is in the build")
    }
    #expect(try Self.policy().contains("Utter has no account, no analytics, no advertising and no tracking"))
  }

  @Test("the policy's repository, where questions go, is the one the About screen links to")
  func contact() throws {
    let about = try String(contentsOf: PackagePaths.file("Sources/AppInfo/AboutInfo.swift"), encoding: .utf8)
    let policy = try Self.policy()
    let repository = "https://github.com/utter-app/utter"
    #expect(about.contains("URL(string: \"\(repository)\")") && policy.contains("repository, \(repository), whose"))
  }

  /// The policy as published.
  static func policy() throws -> String {
    try String(contentsOf: PackagePaths.file("docs/privacy.md"), encoding: .utf8)
  }

  /// `source` without its comment lines (documentation cites Apple's pages; only code reaches the network).
  static func code(_ source: String) -> String {
    source.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
      .joined(separator: "\n")
  }

  /// The hosts of the `http://` and `https://` addresses written in string literals of `code`.
  static func hosts(in code: String) -> Set<String> {
    var hosts = Set<String>()
    var rest = code[...]
    while let start = rest.range(of: "\"http") {
      let after = rest[start.upperBound...]
      rest = after
      guard let scheme = after.range(of: "://"), after.distance(from: after.startIndex, to: scheme.lowerBound) <= 1
      else { continue }
      let host = after[scheme.upperBound...].prefix { !"/:\"\\?".contains($0) }
      if !host.isEmpty { hosts.insert(String(host)) }
    }
    return hosts
  }
}
