import Foundation

/// What the About screen says about the app itself: its version and build, and where its source is.
public struct AboutInfo: Sendable, Equatable {
  /// The app's name, as its own entry in the notices names it.
  public static let appName = "Utter"
  /// The source repository the README names.
  public static let sourceRepository = URL(string: "https://github.com/utter-app/utter")

  /// `CFBundleShortVersionString`, the version App Store Connect shows ("0.1.0").
  public var version: String?
  /// `CFBundleVersion`, the build number of that version ("1").
  public var build: String?

  public init(version: String?, build: String?) {
    self.version = version
    self.build = build
  }

  /// From a bundle's Info.plist values (`Bundle.main.infoDictionary`).
  public init(infoDictionary: [String: Any]?) {
    self.init(
      version: infoDictionary?["CFBundleShortVersionString"] as? String,
      build: infoDictionary?["CFBundleVersion"] as? String)
  }

  /// The version as TestFlight and App Store Connect write it, "0.1.0 (1)": what a user quotes in a report. A build
  /// equal to the version is not repeated.
  public var versionLine: String {
    let version = version.flatMap { $0.isEmpty ? nil : $0 }
    let build = build.flatMap { $0.isEmpty ? nil : $0 }
    switch (version, build) {
    case (let version?, let build?) where build != version: return "\(version) (\(build))"
    case (let version?, _): return version
    case (nil, let build?): return "build \(build)"
    case (nil, nil): return "unknown"
    }
  }
}
