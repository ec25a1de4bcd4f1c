import AppSettings
import Dictation
import ModelInstallation
import Testing

@Suite("The on-device engines the iPhone offers")
struct EngineChoiceOnDeviceTests {
  static let english = "English (United States)"

  @Test("the engines offered: Apple's only where it can run or be downloaded; every Whisper model always")
  func offeredEngines() {
    let whisper = WhisperModelChoice.all.map { EngineChoice.whisper($0.id) }
    let offered: [AppleSpeechStatus] = [
      .needsDownload, .downloading(fraction: 0.4), .downloadFailed("offline"), .installed,
    ]
    let hidden: [AppleSpeechStatus] = [.needsNewerSystem, .unsupportedDevice, .unsupportedLanguage(Self.english)]
    for status in offered { #expect(EngineChoice.onDevice(apple: status) == whisper + [.apple], "\(status)") }
    for status in hidden { #expect(EngineChoice.onDevice(apple: status) == whisper, "\(status)") }
  }
}
