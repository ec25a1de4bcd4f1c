/// Why iOS interrupted the audio session: `AVAudioSession.InterruptionReason`, with Apple's raw values, read from
/// the began notification's `AVAudioSessionInterruptionReasonKey`
/// (https://developer.apple.com/documentation/avfaudio/avaudiosession/interruptionreason).
public enum InterruptionReason: Sendable, Hashable {
  /// "The system interrupts this audio session when it activates another": a call, Siri, an alarm, an app that
  /// does not mix.
  case anotherSession
  /// The system suspended the app and deactivated its session; the notice comes late, once the app runs again, and
  /// no end follows (iOS 14.5 to 16:
  /// https://developer.apple.com/documentation/avfaudio/avaudiosession/interruptionreason/appwassuspended).
  case appWasSuspended
  /// The built-in microphone was muted (an iPad's Smart Folio closed); it ends when the cover opens
  /// (https://developer.apple.com/documentation/avfaudio/avaudiosession/interruptionreason/builtinmicmuted).
  case builtInMicMuted
  /// The route the session used was disconnected (iOS 17:
  /// https://developer.apple.com/documentation/avfaudio/avaudiosession/interruptionreason/routedisconnected).
  case routeDisconnected
  /// A reason this table does not know (a newer iOS): treated as another session's.
  case other(UInt)

  /// The reason for a raw `AVAudioSession.InterruptionReason` (nil, when the key is absent: another session).
  public init(rawValue: UInt?) {
    switch rawValue {
    case nil, 0?: self = .anotherSession
    case 1?: self = .appWasSuspended
    case 2?: self = .builtInMicMuted
    case 4?: self = .routeDisconnected
    case let value?: self = .other(value)
    }
  }

  /// Whether iOS posts an end for this interruption. A suspension's notice arrives after the fact: nothing ends it,
  /// the session is simply gone.
  public var endIsPosted: Bool {
    switch self {
    case .appWasSuspended: false
    case .anotherSession, .builtInMicMuted, .routeDisconnected, .other: true
    }
  }
}
