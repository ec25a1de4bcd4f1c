// Backfill for the iOS type-check only (scripts/ios-check): never built into the app.
import AVFAudio
import Foundation

// Each signature re-checked against the developer.apple.com page named beside it (AVAudioApplication is an
// Objective-C class: AVFAudio's Swift interface does not declare it).

/// iOS 17.0: https://developer.apple.com/documentation/avfaudio/avaudioapplication
@available(iOS 17.0, *)
open class AVAudioApplication: NSObject {
  /// https://developer.apple.com/documentation/avfaudio/avaudioapplication/recordpermission-swift.enum (raw values:
  /// the four-character codes 'undt', 'deny', 'grnt' of `AVAudioApplicationRecordPermission`)
  public enum recordPermission: Int, @unchecked Sendable {
    case undetermined = 1_970_168_948
    case denied = 1_684_369_017
    case granted = 1_735_552_628
  }

  /// https://developer.apple.com/documentation/avfaudio/avaudioapplication/shared
  public class var shared: AVAudioApplication { fatalError() }
  /// https://developer.apple.com/documentation/avfaudio/avaudioapplication/recordpermission-swift.property
  public var recordPermission: AVAudioApplication.recordPermission { fatalError() }
  /// https://developer.apple.com/documentation/avfaudio/avaudioapplication/requestrecordpermission(completionhandler:)
  public class func requestRecordPermission(completionHandler response: @escaping @Sendable (Bool) -> Void) {}
  /// The async form Swift imports for the completion-handler method (the page above calls it as
  /// `await AVAudioApplication.requestRecordPermission()`).
  public class func requestRecordPermission() async -> Bool { fatalError() }
}
