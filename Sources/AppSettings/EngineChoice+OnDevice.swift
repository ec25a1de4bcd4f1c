import Dictation
import ModelInstallation
import Storage

extension EngineChoice {
  /// The on-device engines the iPhone offers: every Whisper model, and Apple's transcriber where `apple` allows it.
  public static func onDevice(apple: AppleSpeechStatus) -> [EngineChoice] {
    WhisperModelChoice.all.map { .whisper($0.id) } + (apple.isOffered ? [.apple] : [])
  }
}
