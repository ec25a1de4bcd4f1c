import ModelInstallation
import Testing

@Suite("Apple's transcriber is offered only where it can run, with its download's progress")
struct AppleSpeechStatusTests {
  static let english = "English (United States)"

  @Test("what iOS reports decides the status, first failing check first")
  func resolveFromWhatIOSReports() {
    func resolve(
      system: Bool = true, device: Bool = true, supported: Bool = true, assets: AppleSpeechStatus.Assets = .installed
    ) -> AppleSpeechStatus {
      .resolve(
        systemHasAnalyzer: system, deviceSupported: device, language: Self.english, languageSupported: supported,
        assets: assets)
    }
    #expect(resolve(system: false, device: false, supported: false) == .needsNewerSystem)
    #expect(resolve(device: false, supported: false) == .unsupportedDevice)
    #expect(resolve(supported: false) == .unsupportedLanguage(Self.english))
    #expect(resolve(assets: .unsupported) == .unsupportedLanguage(Self.english))
    #expect(resolve(assets: .supported) == .needsDownload)
    #expect(resolve(assets: .downloading) == .downloading(fraction: 0))
    #expect(resolve(assets: .installed) == .installed)
  }

  @Test("the download shows its progress as a fraction and a percentage, and never claims to be installed itself")
  func downloadProgress() {
    var status = AppleSpeechStatus.needsDownload
    #expect(status.progress == nil)
    status = status.downloaded(0.42)
    #expect(status == .downloading(fraction: 0.42))
    #expect(status.progress == 0.42)
    #expect(status.detail == "Downloading Apple's speech model… 42%")
    status = status.downloaded(1.3)
    #expect(status.progress == 1)
    #expect(!status.isInstalled)
    #expect(AppleSpeechStatus.installed.downloaded(0.1) == .installed)
    #expect(AppleSpeechStatus.unsupportedDevice.downloaded(0.5) == .unsupportedDevice)
  }

  @Test("each status says one line under the option")
  func oneLineEach() {
    #expect(AppleSpeechStatus.needsNewerSystem.detail == "Needs iOS 26 or later")
    #expect(AppleSpeechStatus.unsupportedLanguage("Welsh").detail == "Not available for Welsh")
    #expect(AppleSpeechStatus.installed.detail == "Ready: iOS's own on-device transcriber")
    #expect(AppleSpeechStatus.downloadFailed("no network").detail == "Download failed: no network. Tap to try again.")
    let all: [AppleSpeechStatus] = [
      .needsNewerSystem, .unsupportedDevice, .unsupportedLanguage("Welsh"), .needsDownload,
      .downloading(fraction: 0.5), .downloadFailed("no network"), .installed,
    ]
    for status in all { #expect(!status.detail.isEmpty && !status.detail.contains("\n")) }
    #expect(all.filter(\.isInstalled) == [.installed])
  }
}
