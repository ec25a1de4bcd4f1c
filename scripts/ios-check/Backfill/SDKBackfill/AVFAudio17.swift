// Backfill for the iOS type-check only (scripts/ios-check): never built into the app.
import AVFAudio
import Foundation

/// iOS 17.0: developer.apple.com/documentation/avfaudio/avaudioapplication
@available(iOS 17.0, *)
public final class AVAudioApplication: NSObject {
  /// developer.apple.com/documentation/avfaudio/avaudioapplication/recordpermission-swift.enum
  public enum recordPermission: Int, @unchecked Sendable {
    case undetermined = 1_970_168_948
    case denied = 1_684_369_017
    case granted = 1_735_552_628
  }

  /// developer.apple.com/documentation/avfaudio/avaudioapplication/shared
  public class var shared: AVAudioApplication { fatalError() }
  /// developer.apple.com/documentation/avfaudio/avaudioapplication/recordpermission-swift.property
  public var recordPermission: AVAudioApplication.recordPermission { fatalError() }
  /// developer.apple.com/documentation/avfaudio/avaudioapplication/requestrecordpermission(completionhandler:)
  public class func requestRecordPermission(completionHandler response: @escaping @Sendable (Bool) -> Void) {}
  /// The async form Swift imports for the completion-handler method.
  public class func requestRecordPermission() async -> Bool { fatalError() }
}
