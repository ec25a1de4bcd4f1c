import ArgumentParser
import Clocks
import Dictation
import DictationHost
import Foundation
import Logging
import PhoneRules
import PhoneSession

/// `utter host --interrupt-at SECONDS:DURATION`: a phone call that begins SECONDS into the first recording and
/// holds the microphone for DURATION, as a call does on iPhone.
struct SimulatedCall: Sendable, Equatable {
  var after: Double
  var duration: Double

  /// Reads `2:3` (or `2.5:0.5`): a start that is not negative and a duration above zero.
  static func parse(_ text: String) throws -> SimulatedCall {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let after = Double(parts[0]), let duration = Double(parts[1]), after >= 0, duration > 0,
      after.isFinite, duration.isFinite
    else {
      throw ValidationError("--interrupt-at wants SECONDS:DURATION, such as 2:3 (not '\(text)')")
    }
    return SimulatedCall(after: after, duration: duration)
  }
}

/// The phone's audio for `utter host`, so that the host runs inside the app's own `FlowSession` on a phone as strict
/// as iOS (`StrictAudioSession`): the audio session plans the session applies are logged; the microphone starts only
/// on an active session, in the foreground, and never while a route change is reconfiguring the engine; options
/// that apply at activation (ducking) take effect only then; a route to another input format stops the engine,
/// and iOS says so (a route change, then the engine's configuration change) a moment later. The microphone plays
/// the --mic file; a call (--interrupt-at, or SIGUSR1/SIGUSR2) deactivates the session and stops the microphone.
/// The app goes to the background once the session is ready (unless --foreground), and SIGTSTP/SIGCONT move it.
@MainActor
final class SimulatedPhoneAudio: FlowAudio {
  var permissionGranted: Bool? = true
  var isRunning: Bool { session.microphoneRunning }
  let otherAudioPlaying: Bool
  var headset: AudioSituation.Headset
  var scene: AppScene { session.scene }
  var onEvent: ((FlowAudioEvent) -> Void)?
  private var session: StrictAudioSession
  private var ducking = false
  private let playback: PlaybackMicrophone
  private let call: SimulatedCall?
  private let clock: UtterClock
  private let logger: Logger
  private let captures = CaptureCutter()
  private var callScheduled = false

  init(
    playback: PlaybackMicrophone, call: SimulatedCall?, musicPlaying: Bool, headset: AudioSituation.Headset,
    clock: UtterClock, logger: Logger
  ) {
    self.playback = playback
    self.call = call
    otherAudioPlaying = musicPlaying
    self.headset = headset
    session = StrictAudioSession(scene: .foreground, headset: headset.strict)
    self.clock = clock
    self.logger = logger
  }

  func requestPermission() async -> Bool { true }
  var inputName: String? { session.input.portName }

  func apply(_ plan: AudioSessionPlan) throws {
    let notices = session.configure(
      options: plan.sessionOptions, prefersHeadset: plan.input == .headset, active: plan.active)
    logger.info("audio session: \(Self.describe(plan))")
    if !session.microphoneRunning { captures.pause() }
    if session.ducksOthers != ducking {
      ducking = session.ducksOthers
      logger.info(ducking ? "other audio lowered" : "other audio at full volume")
    }
    post(notices)
  }

  func ensureRunning() throws {
    do {
      try session.startMicrophone()
    } catch {
      throw MicrophoneStartError.refused("\(error)")
    }
    captures.resume()
  }

  func halt() {
    session.stopMicrophone()
    captures.pause()
  }

  func shutDown() {
    halt()
    try? apply(.inactive)
  }

  func rebuild() {}

  func source(restart: @escaping @Sendable () async throws -> Void) -> any AudioSource {
    SessionMicrophone(
      isRunning: { [weak self] in await self?.isRunning ?? false }, restart: restart, permission: { true }
    ) { [playback, captures, weak self] tap in
      let capture = captures.track(try await playback.start(since: tap))
      await self?.captureStarted()
      return capture
    }
  }

  /// The app comes on screen or leaves it (the user opened it, or swiped back to the keyboard).
  func move(to scene: AppScene) {
    guard session.scene != scene else { return }
    session.scene = scene
    logger.notice("the app is in the \(scene)")
    onEvent?(.sceneChanged(scene))
  }

  /// A call begins: iOS deactivates the session and stops the app's microphone, then tells the app.
  func callBegan() {
    logger.notice("a call took the microphone")
    session.interruptionBegan()
    captures.pause()
    captures.cutAll()
    onEvent?(.interrupted(.anotherSession))
  }

  func callEnded() {
    logger.notice("the call ended; the microphone is free")
    session.interruptionEnded()
    onEvent?(.interruptionEnded(shouldResume: true))
  }

  /// What iOS posts after a change, a moment later on the main queue, as on iPhone.
  private func post(_ notices: [StrictAudioSession.Notice]) {
    guard !notices.isEmpty else { return }
    Task { @MainActor [weak self] in
      for notice in notices {
        guard let self else { return }
        switch notice {
        case .routeChanged(let reason):
          self.logger.info("route changed (\(reason))")
          if let event = PhoneAudioEvents.routeChange(reason: reason.rawValue) { self.onEvent?(event) }
        case .engineConfigurationChanged:
          self.logger.info("the audio engine stopped: its configuration changed")
          self.session.configurationChangePosted()
          self.onEvent?(.engineStopped)
        }
      }
    }
  }

  private func captureStarted() {
    guard let call, !callScheduled else { return }
    callScheduled = true
    let clock = clock
    Task { @MainActor [weak self] in
      do { try await clock.sleep(call.after) } catch { return }
      self?.callBegan()
      do { try await clock.sleep(call.duration) } catch { return }
      self?.callEnded()
    }
  }

  static func describe(_ plan: AudioSessionPlan) -> String {
    guard plan.active else { return "inactive" }
    let options = AudioSessionPlan.Option.allCases.filter { plan.options.contains($0) }.map { option in
      switch option {
      case .mixWithOthers: "mix with others"
      case .duckOthers: "duck others"
      case .allowBluetoothHFP: "Bluetooth hands-free"
      case .allowBluetoothA2DP: "Bluetooth music"
      case .defaultToSpeaker: "speaker"
      }
    }
    let input = plan.input == .headset ? "the headset's microphone" : "the iPhone's microphone"
    return "active, \(input); \(options.joined(separator: ", "))"
  }
}

/// The phone's microphone in `utter host`: the --mic file from the tap (with its pre-roll), cut when the
/// microphone stops under it (a call).
/// The captures under way, so that a stopped microphone ends them (what was heard before stays delivered).
final class CaptureCutter: @unchecked Sendable {
  private let lock = NSLock()
  private var running: [UUID: @Sendable () -> Void] = [:]
  /// The microphone is stopped: the captures go on, and hear nothing until it runs again (as a stopped engine's
  /// listeners do on iPhone).
  private var paused = false

  func pause() { lock.withLock { paused = true } }
  func resume() { lock.withLock { paused = false } }
  private var isPaused: Bool { lock.withLock { paused } }

  func track(_ capture: AudioCapture) -> AudioCapture {
    let id = UUID()
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: [Float].self)
    let forward = Task {
      do {
        for try await buffer in capture.buffers where !self.isPaused { continuation.yield(buffer) }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    let cut: @Sendable () -> Void = {
      capture.stop()
      forward.cancel()
      continuation.finish()
    }
    lock.withLock { running[id] = cut }
    continuation.onTermination = { [weak self] _ in
      forward.cancel()
      self?.lock.withLock { _ = self?.running.removeValue(forKey: id) }
    }
    return AudioCapture(buffers: stream) { capture.stop() }
  }

  func cutAll() {
    let cuts = lock.withLock { () -> [@Sendable () -> Void] in
      defer { running = [:] }
      return Array(running.values)
    }
    for cut in cuts { cut() }
  }
}
