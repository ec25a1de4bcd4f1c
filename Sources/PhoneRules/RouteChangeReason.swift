/// Why iOS changed the audio route: `AVAudioSession.RouteChangeReason`, with Apple's raw values
/// (https://developer.apple.com/documentation/avfaudio/avaudiosession/routechangereason).
public enum RouteChangeReason: UInt, Sendable, Hashable, CaseIterable {
  case unknown = 0
  /// A headset was plugged in or AirPods connected.
  case newDeviceAvailable = 1
  /// A headset was unplugged or AirPods went away.
  case oldDeviceUnavailable = 2
  /// The app's own `setCategory` (posted for every category or option change we make).
  case categoryChange = 3
  /// The output was overridden (the speaker chosen).
  case override = 4
  case wakeFromSleep = 6
  /// No route fits the category (the input went away).
  case noSuitableRouteForCategory = 7
  /// The set of inputs and outputs stayed, their configuration changed (a Bluetooth profile switch).
  case routeConfigurationChange = 8

  /// Whether the hardware itself came, went or was reconfigured. A category change is our own doing (re-planning on
  /// it would answer every plan with another), and waking from sleep changes no device.
  public var isHardwareChange: Bool {
    switch self {
    case .newDeviceAvailable, .oldDeviceUnavailable, .override, .routeConfigurationChange, .noSuitableRouteForCategory:
      true
    case .unknown, .categoryChange, .wakeFromSleep:
      false
    }
  }
}

/// The microphone hardware a route records from, with the format it runs at.
public enum InputPort: String, Sendable, Hashable, CaseIterable {
  case builtInMicrophone
  /// A Bluetooth headset's microphone, over the hands-free profile (call quality: 16 kHz wide-band speech).
  case bluetoothHandsFree
  case wiredHeadset

  /// What iOS names it (`AVAudioSessionPortDescription.portName`; a Bluetooth headset by its own name, AirPods here).
  public var portName: String {
    switch self {
    case .builtInMicrophone: "iPhone Microphone"
    case .bluetoothHandsFree: "AirPods"
    case .wiredHeadset: "Headset Microphone"
    }
  }

  /// The hardware format the input runs at.
  public var format: HardwareFormat {
    switch self {
    case .builtInMicrophone, .wiredHeadset: HardwareFormat(sampleRate: 48_000, channels: 1)
    case .bluetoothHandsFree: HardwareFormat(sampleRate: 16_000, channels: 1)
    }
  }
}

/// The sample rate and channel count of the audio hardware an engine runs on.
public struct HardwareFormat: Sendable, Hashable {
  public var sampleRate: Double
  public var channels: Int
}

/// What a route change does to a running `AVAudioEngine`: "When the audio engine's I/O unit observes a change to the
/// audio input or output hardware's channel count or sample rate, the audio engine stops, uninitializes itself, and
/// issues this notification" (`AVAudioEngineConfigurationChange`,
/// https://developer.apple.com/documentation/foundation/nsnotification/name-swift.struct/avaudioengineconfigurationchange).
/// The engine is started again (a new tap in the new format) only after that notification, and starting it is a
/// microphone start (`MicrophoneStart`): refused in the background.
public enum EngineReconfiguration {
  /// Whether moving the hardware from `old` to `new` stops an engine that runs on it.
  public static func stopsRunningEngine(from old: HardwareFormat, to new: HardwareFormat) -> Bool { old != new }
}
