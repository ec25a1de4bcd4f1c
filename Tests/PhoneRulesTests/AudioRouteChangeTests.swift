import PhoneRules
import Testing

@Suite("What a route change does to the running engine")
struct AudioRouteChangeTests {
  @Test("Apple's raw reasons; our own category change and waking from sleep are not hardware changes")
  func reasons() {
    #expect(RouteChangeReason(rawValue: 1) == .newDeviceAvailable)
    #expect(RouteChangeReason(rawValue: 8) == .routeConfigurationChange)
    #expect(RouteChangeReason(rawValue: 5) == nil, "5 is no reason iOS posts")
    let hardware = RouteChangeReason.allCases.filter(\.isHardwareChange)
    #expect(
      hardware == [
        .newDeviceAvailable, .oldDeviceUnavailable, .override, .noSuitableRouteForCategory,
        .routeConfigurationChange,
      ])
  }

  @Test("AirPods switching to call quality change the input's sample rate, which stops a running engine")
  func handsFreeStopsTheEngine() {
    #expect(
      EngineReconfiguration.stopsRunningEngine(
        from: InputPort.builtInMicrophone.format, to: InputPort.bluetoothHandsFree.format))
    #expect(
      !EngineReconfiguration.stopsRunningEngine(
        from: InputPort.builtInMicrophone.format, to: InputPort.wiredHeadset.format))
  }

  @Test(
    "the strict session: the engine stops, iOS posts the route change then the configuration change, and only then may a tap go in"
  )
  func orderOfNotices() throws {
    var session = StrictAudioSession(headset: .bluetooth)
    _ = session.configure(options: [.mixWithOthers, .bluetoothMusic], prefersHeadset: false, active: true)
    try session.startMicrophone()
    let notices = session.configure(
      options: [.duckOthers, .bluetoothHandsFree, .bluetoothMusic], prefersHeadset: true, active: true)
    #expect(notices == [.routeChanged(.categoryChange), .engineConfigurationChanged])
    #expect(!session.microphoneRunning)
    #expect(session.input == .bluetoothHandsFree)
    #expect(throws: MicrophoneStart.Refusal.routeChanging) { try session.startMicrophone() }
    session.configurationChangePosted()
    try session.startMicrophone()
    #expect(session.microphoneRunning)
  }

  @Test("AirPods gone while their microphone records: the route falls back to the iPhone's and the engine stops")
  func headsetGone() throws {
    var session = StrictAudioSession(headset: .bluetooth)
    _ = session.configure(options: [.bluetoothHandsFree], prefersHeadset: true, active: true)
    try session.startMicrophone()
    #expect(session.connect(.none) == [.routeChanged(.oldDeviceUnavailable), .engineConfigurationChanged])
    #expect(session.input == .builtInMicrophone)
    #expect(session.connect(.wired) == [.routeChanged(.newDeviceAvailable)], "nothing was running to stop")
  }
}
