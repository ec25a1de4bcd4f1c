/// The phone's audio session and microphone as iOS runs them, for the simulated phone (`utter host`, the tests'
/// audio fakes): every rule of this module applied, and what iOS refuses refused. The app's own audio layer is
/// Apple's; this is its stand-in, never kinder.
public struct StrictAudioSession: Sendable, Hashable {
  /// What iOS tells the app after a change, in order (on iPhone the notifications arrive a moment later).
  public enum Notice: Sendable, Hashable {
    case routeChanged(RouteChangeReason)
    /// `AVAudioEngineConfigurationChange`: the engine stopped for the new hardware format; a tap may go in again.
    case engineConfigurationChanged
  }

  /// The headset connected, if any.
  public enum Headset: String, Sendable, Hashable, CaseIterable {
    case none, bluetooth, wired
  }

  public var scene: AppScene
  public private(set) var headset: Headset
  /// The preferred input is the headset's microphone (the plan asked for it).
  public private(set) var prefersHeadset = false
  public private(set) var active = false
  /// The category options as last set.
  public private(set) var options: Set<SessionOption> = []
  /// The options the session was activated with: they decide whether other audio is lowered now
  /// (`SessionActivation`).
  public private(set) var activatedOptions: Set<SessionOption> = []
  /// The microphone the route records from.
  public private(set) var input = InputPort.builtInMicrophone
  public private(set) var microphoneRunning = false
  /// A route change stopped the engine and iOS has not posted the configuration change yet.
  public private(set) var routeChanging = false
  /// A call or Siri holds the audio: the session was deactivated behind the app's back.
  public private(set) var interrupted = false

  public init(scene: AppScene = .foreground, headset: Headset = .none) {
    self.scene = scene
    self.headset = headset
  }

  /// Whether other apps' audio is lowered now.
  public var ducksOthers: Bool { active && activatedOptions.contains(.duckOthers) }

  /// Sets the category `options` and the preferred input (the headset's microphone or the iPhone's), then makes the
  /// session active or not; returns what iOS posts about it.
  public mutating func configure(options: Set<SessionOption>, prefersHeadset: Bool, active: Bool) -> [Notice] {
    guard active else {
      if self.active {
        // NB: deactivating stops running I/O (AVAudioSession.h: the call fails with isBusy, the session goes all the same).
        microphoneRunning = false
        self.active = false
        activatedOptions = []
      }
      return []
    }
    guard !interrupted else { return [] }  // the call holds the audio; activation waits for its end
    self.options = options
    self.prefersHeadset = prefersHeadset
    let notices = follow(
      Self.input(options: options, prefersHeadset: prefersHeadset, headset: headset), .categoryChange)
    if !self.active {
      self.active = true
      activatedOptions = SessionActivation.activationOptions(options)
    }
    return notices
  }

  /// A headset comes or goes (the user's doing): the route follows it at once.
  public mutating func connect(_ headset: Headset) -> [Notice] {
    guard headset != self.headset else { return [] }
    let reason: RouteChangeReason = headset == .none ? .oldDeviceUnavailable : .newDeviceAvailable
    self.headset = headset
    let route = Self.input(options: options, prefersHeadset: prefersHeadset, headset: headset)
    let notices = follow(route, reason)
    return notices.isEmpty ? [.routeChanged(reason)] : notices
  }

  /// Moves the route to `route`: a running engine whose hardware format changes stops (`EngineReconfiguration`).
  private mutating func follow(_ route: InputPort, _ reason: RouteChangeReason) -> [Notice] {
    guard route != input else { return [] }
    let old = input
    input = route
    guard microphoneRunning, EngineReconfiguration.stopsRunningEngine(from: old.format, to: route.format) else {
      return [.routeChanged(reason)]
    }
    microphoneRunning = false
    routeChanging = true
    return [.routeChanged(reason), .engineConfigurationChanged]
  }

  /// Starts the microphone, or says why iOS refuses (`MicrophoneStart`). A running microphone stays as it is.
  public mutating func startMicrophone() throws(MicrophoneStart.Refusal) {
    if microphoneRunning { return }
    if let refusal = MicrophoneStart.refusal(scene: scene, sessionActive: active, routeChanging: routeChanging) {
      throw refusal
    }
    microphoneRunning = true
  }

  public mutating func stopMicrophone() { microphoneRunning = false }

  /// iOS posts `AVAudioEngineConfigurationChange`: the route change is over.
  public mutating func configurationChangePosted() { routeChanging = false }

  /// A call or Siri takes the audio: the session is deactivated and the microphone stops.
  public mutating func interruptionBegan() {
    interrupted = true
    active = false
    activatedOptions = []
    microphoneRunning = false
  }

  /// The call ended: the session may be activated again (and the microphone started, if `MicrophoneStart` allows).
  public mutating func interruptionEnded() { interrupted = false }

  /// The microphone a route with `options` records from.
  public static func input(options: Set<SessionOption>, prefersHeadset: Bool, headset: Headset) -> InputPort {
    guard prefersHeadset else { return .builtInMicrophone }
    switch headset {
    case .none: return .builtInMicrophone
    case .wired: return .wiredHeadset
    case .bluetooth: return options.contains(.bluetoothHandsFree) ? .bluetoothHandsFree : .builtInMicrophone
    }
  }
}
