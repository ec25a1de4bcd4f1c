import AppSettings
import ArgumentParser
import AudioInput
import CLISupport
import Clocks
import Dictation
import DictationHost
import DictationValues
import Foundation
import Logging
import PhoneRules
import PhoneSession
import SessionChannel
import SpeechReading
import Storage

/// `utter host --headset`.
enum HeadsetOption: String, ExpressibleByArgument, CaseIterable {
  case none, bluetooth, wired

  var situation: AudioSituation.Headset {
    switch self {
    case .none: .none
    case .bluetooth: .bluetooth
    case .wired: .wired
    }
  }
}

extension MicrophoneChoice: ExpressibleByArgument {}

extension TransportSecurity.LocalNetworkPermission: ExpressibleByArgument {}
extension LivePace.Power: ExpressibleByArgument {}

/// What the Live Activity would show, in the log: a line each time the lock screen would change.
@MainActor
final class LoggedIndicator: FlowSessionIndicator {
  private var shown: SessionActivityState?
  private let log: (String) -> Void

  init(log: @escaping (String) -> Void) { self.log = log }

  func start(_ state: SessionActivityState) { update(state) }

  func update(_ state: SessionActivityState) {
    guard state != shown else { return }
    shown = state
    log("live activity: \(state.phase.label) · \(state.wordsThisSession) words")
  }

  func end() {
    shown = nil
    log("live activity: ended")
  }
}

struct HostCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "host",
    abstract: "Run the containing app's dictation host: hold a flow session and serve the keyboard.",
    discussion: """
      The keyboard and the host talk through files in the shared container (the App Group on iOS). The \
      microphone plays --mic in real time from the keyboard's tap, then silence; like the phone's, it keeps 1 s of \
      audio from before a recording starts, and a recording that starts later than that has missed the words said \
      before it. The session records from the moment it has the \
      microphone; the engine loads behind it (--engine-delay makes that load slower), and is let go after \
      --unload-after seconds without a dictation, or on SIGHUP (a memory warning), and loaded again at the next \
      tap. The host runs inside the app's flow session, on simulated phone audio: the audio session it would set \
      (which microphone, Bluetooth profile, ducking) is logged, for --music and --headset. Runs until the keyboard \
      ends the session, the session expires, or SIGTERM/SIGINT. SIGUSR1/SIGUSR2 begin/end a call, as does \
      --interrupt-at. The phone is as strict as iOS: the app opens the session in the foreground and goes to the \
      background once it is ready (and after --app-dictation), as when the user swipes back to the app they were \
      typing in; there the microphone keeps running but cannot start again, and records from the iPhone's own \
      microphone. --foreground keeps the app on screen (the app's own dictations); SIGTSTP sends it to the \
      background, SIGCONT brings it forward.
      """
  )

  @OptionGroup var global: GlobalOptions

  @Option(help: "The shared container directory.")
  var container: String

  @Option(help: "Audio file the microphone plays (WAV, or anything ffmpeg reads).")
  var mic: String

  @Option(name: .customLong("mic-speed"), help: "Play the microphone this many times faster than real time.")
  var micSpeed: Double = 1

  @OptionGroup var engineOptions: EngineOptions

  @Option(
    parsing: .unconditional,
    help: "Beam size for the engine, 1 (greedy decoding, fastest) to 8; 5, as files are transcribed, by default.")
  var beam: Int = 5

  @Option(
    name: .customLong("session-timeout"),
    help: "Seconds without a dictation before the session ends (0: never; default: the setting, 15 minutes).")
  var sessionTimeout: Double?

  @Option(
    name: .customLong("keyboard-gone-after"),
    help:
      "Seconds without a sign of life from the keyboard before a recording it started is stopped and kept (1 to 3600).")
  var keyboardGoneAfter: Double = 20

  @Option(
    name: .customLong("engine-delay"), parsing: .unconditional,
    help: "Seconds the engine takes to load on top of its real load (a phone's first WhisperKit load), 0 to 600.")
  var engineDelay: Double = 0

  @Option(
    name: .customLong("live-power"),
    help: "The phone's state the live text is paced for: normal, low-power (drafts half as often) or hot (none).")
  var livePower: LivePace.Power = .normal

  @Option(
    name: .customLong("interrupt-at"),
    help: "SECONDS:DURATION: a call that begins SECONDS into the first recording and lasts DURATION seconds.")
  var interruptAt: String?

  @Flag(name: .customLong("music"), help: "Another app plays music (the audio session lets it play on).")
  var musicPlaying = false

  @Flag(
    name: .customLong("foreground"),
    help: """
      The app stays on screen once the session is ready, as for the app's own dictation button (a keyboard \
      dictation happens only with the app in the background: the user is typing in another app).
      """)
  var foreground = false

  @Option(help: "The headset connected: none, bluetooth (AirPods) or wired.")
  var headset: HeadsetOption = .none

  @Option(help: "The microphone when a headset is connected: automatic, iphone or headset (default: the setting).")
  var microphone: MicrophoneChoice?

  @Option(
    name: .customLong("unload-after"), parsing: .unconditional,
    help: "Seconds without a dictation before the engine is let go (0: keep it; default: the setting, 600).")
  var unloadAfter: Double?

  @Option(
    name: .customLong("local-network"),
    help: """
      How the phone's user answered iOS's local-network alert for your own server: granted, denied or not-asked \
      (the app asks when the session opens, in the foreground).
      """)
  var localNetwork: TransportSecurity.LocalNetworkPermission = .granted

  @Option(
    name: .customLong("app-dictation"),
    help: """
      WHERE:SECONDS: once the session is ready, the app's own dictation button records SECONDS of the microphone, \
      as when the user dictates on WHERE: widget or shortcut (the quick dictation, offered to the next keyboard), \
      note (kept by the app) or shortcut-text (given back to the "Dictate Text" shortcut).
      """)
  var appDictation: String?

  @Option(
    name: .customLong("max-recording"),
    help: "The longest one dictation records, in seconds (5 to 3600; default: the max-recording setting, 600).")
  var maxRecording: Double?

  func validate() throws {
    if let maxRecording, !(5...3600).contains(maxRecording) {
      throw ValidationError("--max-recording must be from 5 to 3600 seconds, not \(maxRecording)")
    }
    guard (0...600).contains(engineDelay) else {
      throw ValidationError("--engine-delay must be from 0 to 600 seconds, not \(engineDelay)")
    }
    if let unloadAfter, !(unloadAfter >= 0 && unloadAfter.isFinite) {
      throw ValidationError("--unload-after must not be negative")
    }
    if let interruptAt { _ = try SimulatedCall.parse(interruptAt) }
    if let appDictation { _ = try AppDictationPlan.parse(appDictation) }
    guard (1...3600).contains(keyboardGoneAfter) else {
      throw ValidationError("--keyboard-gone-after must be from 1 to 3600, not \(keyboardGoneAfter)")
    }
    guard micSpeed > 0, micSpeed <= 1000 else { throw ValidationError("--mic-speed must be between 0 and 1000") }
    try OptionRange.check(beam, OptionRange.beam, option: "--beam")
    guard (sessionTimeout ?? 0) >= 0 else { throw ValidationError("--session-timeout must not be negative") }
  }

  func run() async throws {
    let logger = SessionLogging.logger("utter.host")
    let audio: DecodedAudio
    do {
      audio = try AudioFileDecoder.decode(contentsOf: URL(fileURLWithPath: mic))
    } catch {
      throw CLIError("cannot read the microphone file \(mic): \(error)")
    }
    // The app's pipeline, with the store and keys of this data folder.
    let dictation = CLIDictation(dataDirectory: global.dataDirectory)
    // A full disk does not stop dictation: the text is delivered and history takes it once there is space.
    guard dictation.database != nil || dictation.diskFull else {
      throw CLIError("cannot open history in \(global.dataDirectory.path): \(dictation.openWarning ?? "unknown error")")
    }
    if let warning = dictation.openWarning { logger.warning("\(warning)") }
    let pipeline = dictation.pipeline(source: .keyboard)
    let containerURL = URL(fileURLWithPath: container, isDirectory: true)
    let shared = SharedFolder(channel: containerURL)
    do { try SessionChannel(container: shared.channel).prepare() } catch {
      throw CLIError("cannot create the container \(container): \(error)")
    }
    let clock = UtterClock.system
    let engineChoice = engineOptions.choice(in: pipeline.settings)
    if let notice = pipeline.formatter.unavailablePolish { logger.warning("\(notice)") }
    // NB: the phone's rules for reaching your own server, checked as the app opens the session (in the foreground).
    // Loopback stands in for a computer on the network here, since the servers in a simulation run on this machine.
    if let refusal = pipeline.settings.ownServerRefusal(
      engine: engineChoice, permission: localNetwork, inForeground: true, onDevice: false)
    {
      throw CLIError(refusal.description)
    }
    let playback = PlaybackMicrophone(samples: audio.samples, speed: micSpeed, clock: clock)
    let call = interruptAt.flatMap { try? SimulatedCall.parse($0) }
    let data = DataFolder(root: dictation.database?.dataDirectory ?? global.dataDirectory)
    let segmenter = HostSegmenters.make(ProcessInfo.processInfo.environment["UTTER_SEGMENTER"])
    let (beam, sessionTimeout, keyboardGoneAfter, engineDelay, unloadAfter, maxRecording) = (
      beam, sessionTimeout, keyboardGoneAfter, engineDelay, unloadAfter, maxRecording
    )
    // NB: the app's own flow session runs the host, on simulated phone audio: the same opening, audio session plans,
    // call handling and memory warnings as on iPhone.
    let (flow, phone) = await MainActor.run {
      let phone = SimulatedPhoneAudio(
        playback: playback, call: call, musicPlaying: musicPlaying, headset: headset.situation, clock: clock,
        logger: logger)
      let flow = FlowSession(
        audio: phone, indicator: LoggedIndicator(log: { logger.info("\($0)") }),
        notifier: { ChangeNotifiers.platformDefault(container: $0.channel) },
        log: { logger.info("\($0)") })
      flow.microphoneChoice = microphone ?? pipeline.settings.settings.microphone
      flow.ducksOthers = pipeline.settings.settings.duckOthers
      return (flow, phone)
    }
    let signals = SessionSignals.install { signal in
      Task { @MainActor in
        switch signal {
        case SIGUSR1: phone.callBegan()
        case SIGUSR2: phone.callEnded()
        case SIGHUP: flow.memoryWarning()
        default: flow.end()
        }
      }
    }
    defer { signals.forEach { $0.cancel() } }
    let scenes = [(SIGTSTP, AppScene.background), (SIGCONT, AppScene.foreground)].map { number, scene in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { Task { @MainActor in phone.move(to: scene) } }
      source.resume()
      return source
    }
    defer { scenes.forEach { $0.cancel() } }
    logger.info("host serving \(containerURL.path) (engine \(engineChoice.id), mic \(mic) at \(micSpeed)×)")
    await flow.open(
      // NB: without --engine or --model, the session follows the engine setting as it changes.
      with: pipeline, shared: shared, data: data,
      engine: engineOptions.engine == nil && engineOptions.model == nil ? nil : engineChoice,
      devices: { devices in
        devices.clock = clock
        devices.makeSegmenter = segmenter
        devices.logger = logger
      },
      adjust: { configuration in
        configuration.transcription.beamSize = max(1, beam)
        if let sessionTimeout { configuration.timeout = SessionTimeout(seconds: sessionTimeout) }
        configuration.keyboardGoneAfter = keyboardGoneAfter
        configuration.engineLoadDelay = engineDelay
        if let unloadAfter { configuration.engineIdleUnload = unloadAfter > 0 ? unloadAfter : nil }
        if let maxRecording { configuration.maxRecordingSeconds = maxRecording }
      })
    let host: DictationHost
    do {
      host = try await flow.runningHost(opening: pipeline, shared: shared, data: data)
    } catch {
      throw CLIError("the host could not start: \(error)")
    }
    await host.setLivePower(livePower)
    if let plan = appDictation.flatMap({ try? AppDictationPlan.parse($0) }) {
      await plan.play(on: host, phone: phone, database: dictation.database, logger: logger)
    }
    if !foreground { await phone.move(to: .background) }
    await flow.waitUntilOff()
    if case .failed(let message) = await flow.status { throw CLIError("the session failed: \(message)") }
    for entry in await host.recoveredDictations {
      logger.notice("recovered into history: \(entry.finalText)")
    }
    do { try dictation.database?.close() } catch { logger.error("\(error)") }
    logger.info("session ended")
  }
}
