import Foundation

/// Where this iPhone stands with Apple's on-device transcriber (iOS 26 `SpeechTranscriber`) for the spoken
/// language, as the app found it: whether to offer it, and what to say under it.
public enum AppleSpeechStatus: Sendable, Hashable {
  /// The system predates SpeechAnalyzer (before iOS 26).
  case needsNewerSystem
  /// The hardware cannot run the transcriber (`SpeechTranscriber.isAvailable` is false).
  case unsupportedDevice
  /// The transcriber has no model for this language (not among `SpeechTranscriber.supportedLocales`).
  case unsupportedLanguage(String)
  /// Supported; iOS must download its model for the language before the first dictation.
  case needsDownload
  /// iOS is downloading the model: the fraction done, 0...1.
  case downloading(fraction: Double)
  /// The last download attempt failed (iOS retries later); the user can start it again.
  case downloadFailed(String)
  /// The model is on the device: dictation can use it now.
  case installed

  /// What iOS's asset inventory says of the transcriber's model (mirrors `AssetInventory.Status`).
  public enum Assets: Sendable, Hashable, CaseIterable {
    case unsupported, supported, downloading, installed
  }

  /// The status from what iOS reports: whether the system has SpeechAnalyzer, whether the device can run the
  /// transcriber, whether `language` (a display name, e.g. "English (United States)") is among its locales, and the
  /// state of the model for it.
  public static func resolve(
    systemHasAnalyzer: Bool, deviceSupported: Bool, language: String, languageSupported: Bool, assets: Assets
  ) -> AppleSpeechStatus {
    guard systemHasAnalyzer else { return .needsNewerSystem }
    guard deviceSupported else { return .unsupportedDevice }
    guard languageSupported else { return .unsupportedLanguage(language) }
    switch assets {
    case .unsupported: return .unsupportedLanguage(language)
    case .supported: return .needsDownload
    case .downloading: return .downloading(fraction: 0)
    case .installed: return .installed
    }
  }

  /// Whether Settings and onboarding offer Apple's transcriber at all.
  public var isOffered: Bool {
    switch self {
    case .needsNewerSystem, .unsupportedDevice, .unsupportedLanguage: false
    case .needsDownload, .downloading, .downloadFailed, .installed: true
    }
  }

  /// Whether a dictation can use it now, without a download.
  public var isInstalled: Bool { self == .installed }

  /// The download's progress to draw, 0...1, while iOS downloads the model.
  public var progress: Double? {
    if case .downloading(let fraction) = self { return min(1, max(0, fraction)) }
    return nil
  }

  /// The status once iOS reports `fraction` of the download done (a finished download is `installed` only once iOS
  /// says so).
  public func downloaded(_ fraction: Double) -> AppleSpeechStatus {
    guard isOffered, self != .installed else { return self }
    return .downloading(fraction: min(1, max(0, fraction)))
  }

  /// One line under the option.
  public var detail: String {
    switch self {
    case .needsNewerSystem: "Needs iOS 26 or later"
    case .unsupportedDevice: "Not available on this iPhone"
    case .unsupportedLanguage(let language): "Not available for \(language)"
    case .needsDownload: "iOS downloads its speech model first; nothing is stored in Utter"
    case .downloading(let fraction):
      "Downloading Apple's speech model… \(Int((min(1, max(0, fraction)) * 100).rounded()))%"
    case .downloadFailed(let reason): "Download failed: \(reason). Tap to try again."
    case .installed: "Ready: iOS's own on-device transcriber"
    }
  }
}
