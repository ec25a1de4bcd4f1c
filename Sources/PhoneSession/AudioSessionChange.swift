import PhoneRules

/// How the flow session moves the audio session from the plan applied to the plan `AudioRoutePolicy` wants, by the
/// phone's rules: options that apply only at activation (ducking, mixing) need the session deactivated and activated
/// again, which stops the microphone (`SessionActivation`); and in the background nothing may stop the microphone,
/// because iOS does not let it start again there (`MicrophoneStart`, `EngineReconfiguration`).
public struct AudioSessionChange: Sendable, Hashable {
  /// The plan to apply; nil when the session stays as it is.
  public var plan: AudioSessionPlan?
  /// Stop the microphone and deactivate the session before applying `plan`, then start the microphone again: the
  /// only way its ducking or mixing takes effect.
  public var reactivates: Bool
  /// What the wanted plan asked for and the background does not allow, one line each, for the log.
  public var withheld: [String]

  public init(plan: AudioSessionPlan?, reactivates: Bool = false, withheld: [String] = []) {
    self.plan = plan
    self.reactivates = reactivates
    self.withheld = withheld
  }

  public static let withheldDucking =
    "Other audio is not lowered: iOS lowers it only when the audio session starts, and restarting the session from "
    + "the background would stop the microphone."
  public static let withheldUnducking =
    "Other audio stays lowered until Utter is opened: iOS lifts it only when the audio session stops, and that would "
    + "stop the microphone in the background."
  public static let withheldHeadset =
    "Recording from the iPhone's microphone: switching AirPods to their microphone from the background stops the "
    + "recording, and iOS does not let it restart."

  /// The change from `applied` to `wanted`, with `headset` connected and the app in `scene`.
  public static func change(
    from applied: AudioSessionPlan?, to wanted: AudioSessionPlan, scene: AppScene, headset: AudioSituation.Headset
  ) -> AudioSessionChange {
    guard wanted != applied else { return AudioSessionChange(plan: nil) }
    guard wanted.active, let applied, applied.active else { return AudioSessionChange(plan: wanted) }
    let activationChanged = wanted.activationOptions != applied.activationOptions
    guard scene == .background else { return AudioSessionChange(plan: wanted, reactivates: activationChanged) }
    var plan = wanted
    var withheld: [String] = []
    if activationChanged {
      plan.options.subtract(wanted.activationOptions)
      plan.options.formUnion(applied.activationOptions)
      withheld.append(wanted.options.contains(.duckOthers) ? withheldDucking : withheldUnducking)
    }
    let before = applied.inputPort(headset: headset)
    if EngineReconfiguration.stopsRunningEngine(from: before.format, to: plan.inputPort(headset: headset).format) {
      plan.input = applied.input
      if applied.options.contains(.allowBluetoothHFP) {
        plan.options.insert(.allowBluetoothHFP)
      } else {
        plan.options.remove(.allowBluetoothHFP)
      }
      if before == .builtInMicrophone { withheld.append(withheldHeadset) }
    }
    return AudioSessionChange(plan: plan == applied ? nil : plan, withheld: withheld)
  }
}

extension AudioSessionPlan.Option {
  /// The option as the phone's rules name it.
  public var sessionOption: SessionOption {
    switch self {
    case .mixWithOthers: .mixWithOthers
    case .duckOthers: .duckOthers
    case .allowBluetoothHFP: .bluetoothHandsFree
    case .allowBluetoothA2DP: .bluetoothMusic
    case .defaultToSpeaker: .defaultToSpeaker
    }
  }
}

extension AudioSessionPlan {
  /// The options as the phone's rules name them.
  public var sessionOptions: Set<SessionOption> { Set(options.map(\.sessionOption)) }

  /// The options that take effect only when the session is activated.
  public var activationOptions: Set<Option> {
    options.filter { SessionActivation.timing(of: $0.sessionOption) == .atActivation }
  }

  /// The microphone this plan records from with `headset` connected.
  public func inputPort(headset: AudioSituation.Headset) -> InputPort {
    StrictAudioSession.input(
      options: sessionOptions, prefersHeadset: input == .headset, headset: headset.strict)
  }
}

extension AudioSituation.Headset {
  /// The headset as the phone's rules name it.
  public var strict: StrictAudioSession.Headset {
    switch self {
    case .none: .none
    case .bluetooth: .bluetooth
    case .wired: .wired
    }
  }
}
