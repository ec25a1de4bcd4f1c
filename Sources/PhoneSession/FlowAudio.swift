import DictationHost
import DictationValues
import Foundation
import PhoneRules
import SessionChannel

/// What a flow session needs from the phone's audio hardware (`AVAudioSession` and `AVAudioEngine` on iPhone). It
/// decides nothing: the session tells it which `AudioSessionPlan` to apply and when to start or stop the microphone.
@MainActor
public protocol FlowAudio: AnyObject {
  /// Whether the user answered the microphone question: nil not yet, else granted or not.
  var permissionGranted: Bool? { get }
  func requestPermission() async -> Bool
  var isRunning: Bool { get }
  /// Another app plays audio now (music, a podcast).
  var otherAudioPlaying: Bool { get }
  /// The headset connected now, if any.
  var headset: AudioSituation.Headset { get }
  /// The route's microphone as iOS names it (`AVAudioSessionPortDescription.portName`), if any.
  var inputName: String? { get }
  /// Whether the app is on screen: iOS lets a microphone start only then (`MicrophoneStart`).
  var scene: AppScene { get }
  /// Sets the audio session as planned: category options, preferred input, haptics, active or not. Applied in
  /// full every time (nothing is skipped because it looks set already: a call deactivates the session behind the
  /// app's back).
  func apply(_ plan: AudioSessionPlan) throws
  /// Starts the microphone when it is not running (the session must be active, and iOS must allow it).
  func ensureRunning() throws
  /// Stops the microphone; its listeners hear again after `ensureRunning()`.
  func halt()
  /// Stops the microphone and releases the audio session (the session ended).
  func shutDown()
  /// Builds the audio hardware anew (the media server restarted).
  func rebuild()
  /// The microphone the host records from; `restart` brings the hardware back when a call left it stopped.
  func source(restart: @escaping @Sendable () async throws -> Void) -> any AudioSource
  /// Told what happens to the audio session.
  var onEvent: ((FlowAudioEvent) -> Void)? { get set }
}

/// Something that happened to the phone's audio session.
public enum FlowAudioEvent: Equatable, Sendable {
  /// The system took the audio session (a call, Siri, a muted microphone); the microphone is stopped.
  case interrupted(InterruptionReason)
  /// The interruption ended; `shouldResume` says whether the system invites a resume now.
  case interruptionEnded(shouldResume: Bool)
  /// Input or output hardware changed (AirPods, a headset unplugged).
  case routeChanged
  /// The media server restarted: every audio object must be rebuilt.
  case mediaServicesReset
  /// The audio engine stopped by itself (its configuration changed): a tap may go in again now.
  case engineStopped
  /// The app came on screen or left it.
  case sceneChanged(AppScene)
}

/// The phone's audio notifications as the flow session's events: App/ hands over the raw values iOS posts, and this
/// decides which matter and what they mean.
public enum PhoneAudioEvents {
  /// `AVAudioSession.interruptionNotification`: the type (began 1, ended 0), the began notice's reason and the ended
  /// notice's options (`shouldResume` is 1), raw. Nil for a notice without a known type.
  public static func interruption(type: UInt?, reason: UInt?, options: UInt?) -> FlowAudioEvent? {
    switch type {
    case 1?: .interrupted(InterruptionReason(rawValue: reason))
    case 0?: .interruptionEnded(shouldResume: (options ?? 0) & 1 == 1)
    default: nil
    }
  }

  /// `AVAudioSession.routeChangeNotification`'s raw reason: `.routeChanged` when hardware came, went or was
  /// reconfigured; nil for our own category changes (re-planning on them would answer each plan with another) and
  /// for reasons that change no device.
  public static func routeChange(reason: UInt?) -> FlowAudioEvent? {
    guard let reason = reason.flatMap(RouteChangeReason.init(rawValue:)), reason.isHardwareChange else { return nil }
    return .routeChanged
  }

  /// The kind of an audio port of the current route (`AVAudioSession.Port`), as App/ names it.
  public enum Port: Sendable, Hashable, CaseIterable {
    case bluetoothA2DP, bluetoothHFP, bluetoothLE, headphones, headsetMicrophone, usbAudio, builtIn, other
  }

  /// The headset a route's input and output ports make: Bluetooth (AirPods, whatever profile they use now) before
  /// wired or USB.
  public static func headset(ports: [Port]) -> AudioSituation.Headset {
    if ports.contains(where: { [.bluetoothA2DP, .bluetoothHFP, .bluetoothLE].contains($0) }) { return .bluetooth }
    if ports.contains(where: { [.headphones, .headsetMicrophone, .usbAudio].contains($0) }) { return .wired }
    return .none
  }

  /// What the keyboard shows of the route's microphone ("Using AirPods Pro"): its name trimmed and cut to
  /// `HostState.maxMicrophoneName` characters; nil when iOS names none.
  public static func microphoneName(_ portName: String?) -> String? {
    let name = (portName ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    return name.isEmpty ? nil : String(name.prefix(HostState.maxMicrophoneName))
  }

  /// The ports, in order of preference, that serve a plan's input.
  public static func preferredInputs(for input: AudioSessionPlan.Input) -> [Port] {
    switch input {
    case .headset: [.bluetoothHFP, .headsetMicrophone, .usbAudio]
    case .builtInMicrophone: [.builtIn]
    }
  }
}

/// Why the microphone could not start, in words for the user; the session shows it as it is.
public enum MicrophoneStartError: Error, Equatable, CustomStringConvertible {
  /// No input is routed now (the format reads 0 Hz or 0 channels).
  case noInput
  /// The hardware (or iOS) refused, in its words.
  case refused(String)

  /// `error` as one of these: another error is a refusal in its own words.
  public init(_ error: any Error) {
    self = (error as? MicrophoneStartError) ?? .refused(UserMessage.of(error))
  }

  public var description: String {
    switch self {
    case .noInput: "No microphone is available right now"
    case .refused(let reason): "The microphone could not start: \(reason)"
    }
  }
}

/// The flow session's running microphone as a dictation's `AudioSource`, on iPhone and in `utter host` alike: a
/// microphone that a call or a route change left stopped is started again at the tap (`MicrophoneStart` says when
/// iOS allows it), and one that still does not run fails the dictation with `noInput` instead of recording nothing.
public struct SessionMicrophone: AudioSource {
  let isRunning: @Sendable () async -> Bool
  let restart: @Sendable () async throws -> Void
  let permission: @Sendable () async -> Bool
  let listen: @Sendable (_ since: Double?) async throws -> AudioCapture

  public init(
    isRunning: @escaping @Sendable () async -> Bool, restart: @escaping @Sendable () async throws -> Void,
    permission: @escaping @Sendable () async -> Bool,
    listen: @escaping @Sendable (_ since: Double?) async throws -> AudioCapture
  ) {
    (self.isRunning, self.restart, self.permission, self.listen) = (isRunning, restart, permission, listen)
  }

  public func requestPermission() async -> Bool { await permission() }

  public func start(since tap: Double?) async throws -> AudioCapture {
    if await !isRunning() { try await restart() }
    guard await isRunning() else { throw MicrophoneStartError.noInput }
    return try await listen(tap)
  }
}
