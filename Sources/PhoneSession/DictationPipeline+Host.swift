import AppSettings
import AudioInput
import Clocks
import Dictation
import DictationHost
import Foundation
import Logging
import SessionChannel
import SpeechReading
import Storage

/// What a flow session's host runs on, the only things that differ between the iPhone app, `utter host` and `utter
/// bench session`: the shared folder and how changes in it are signalled, the microphone, the data folder (its spool
/// keeps audio being recorded), the clock and the log.
public struct HostDevices: Sendable {
  public var shared: SharedFolder
  public var notifier: any ChangeNotifier
  public var microphone: any AudioSource
  public var data: DataFolder
  public var clock: UtterClock
  /// Splits the microphone's audio into stretches of speech (the voice detector unless a test or bench says).
  public var makeSegmenter: @Sendable () -> any SpeechSegmenter
  /// How often the channel is read when no change signal came (a missed signal delays, never loses).
  public var pollInterval: Double
  public var logger: Logger

  public init(
    shared: SharedFolder, notifier: any ChangeNotifier, microphone: any AudioSource, data: DataFolder,
    clock: UtterClock = .system,
    makeSegmenter: @escaping @Sendable () -> any SpeechSegmenter = {
      VoiceActivitySegmenter()
    }, pollInterval: Double = 0.5, logger: Logger = Logger(label: "utter.host")
  ) {
    self.shared = shared
    self.notifier = notifier
    self.microphone = microphone
    self.data = data
    self.clock = clock
    self.makeSegmenter = makeSegmenter
    self.pollInterval = pollInterval
    self.logger = logger
  }
}

extension DictationPipeline {
  /// The host's settings from the user's: session timeout, recording cap, model unloading, language and vocabulary
  /// (`makeHost`'s `adjust` changes them for a bench or a command-line flag).
  public func hostConfiguration() -> HostConfiguration {
    HostConfiguration(
      timeout: settings.settings.sessionTimeout,
      transcription: settingsTranscription,
      maxRecordingSeconds: settings.settings.maxRecordingSeconds,
      engineIdleUnload: settings.settings.unloadModelAfterSeconds > 0 ? settings.settings.unloadModelAfterSeconds : nil,
      endOfSpeech: EndOfSpeech(silence: settings.settings.endOfSpeechSeconds))
  }

  /// The host of a flow session running this pipeline on `devices`: the one place a `DictationHost` is put together,
  /// for the app, `utter host` and the bench alike. `run()` it to serve the keyboard (and the app's own button).
  ///
  /// Each dictation reads the settings as they are when it starts (engine, language, polish, dictionary, style,
  /// cap, end of speech): a change made while the session runs applies from the next dictation.
  ///
  /// - Parameters:
  ///   - engine: the engine to load, whatever the settings say (default: the settings' choice, followed as it changes).
  ///   - adjust: changes to the host's configuration taken from the settings (a bench's timeout, `--beam`).
  ///   - archive: where dictations are kept, when not in this pipeline's history (a bench keeps them in a file).
  public func makeHost(
    on devices: HostDevices, engine: EngineChoice? = nil,
    adjust: @escaping @Sendable (inout HostConfiguration) -> Void = { _ in }, archive: (any DictationArchive)? = nil
  ) -> DictationHost {
    let engines = engines
    let archive = archive ?? self.archive ?? HistoryArchive(database: nil, origin: .keyboard)
    let learning = SessionLearning(self, keyboard: devices.shared)
    let routed = RoutedEngine()
    let environment = HostEnvironment(
      clock: devices.clock, microphone: devices.microphone, makeSegmenter: devices.makeSegmenter,
      loadEngine: {
        let choice = routed.loading(routed.wanted ?? engine ?? learning.current.settings.engine())
        do { return try await engines.load(choice) } catch {
          // NB: named, so that a dictation left without its engine is kept in history under the engine chosen.
          throw EngineLoadFailure(engine: choice.id, model: choice.model ?? "", cause: "\(error)")
        }
      },
      finish: { reading in await learning.current.finish(reading, in: archive).dictation }, archive: archive,
      spool: AudioSpool(directory: devices.data.spool), makeSessionID: makeID,
      learnCorrections: learning.learn,
      liveCleanUp: { raw, field in learning.current.formatter.cleanUp(raw, field: field).text },
      unloadEngine: engines.unload,
      routeEngine: { field in
        do {
          let choice = try learning.current.engineChoice(for: Request(engine: engine, field: field))
          return routed.want(choice) ? .changed : .same
        } catch {
          return .refused("\(error)")
        }
      }, logger: devices.logger)
    var configuration = hostConfiguration()
    adjust(&configuration)
    let watcher = ChannelWatcher(
      notifier: devices.notifier, pollInterval: devices.pollInterval, clock: devices.clock)
    return DictationHost(
      channel: SessionChannel(container: devices.shared.channel, logger: devices.logger), watcher: watcher,
      environment: environment, configuration: configuration,
      refreshSettings: {
        guard let changes = learning.refresh() else { return nil }
        let current = learning.current
        var configuration = current.hostConfiguration()
        adjust(&configuration)
        let engineChanged = engine == nil && (changes.contains("engine") || changes.contains("model"))
        return HostSettingsRefresh(configuration: configuration, engineChanged: engineChanged, changes: changes)
      })
  }
}

/// The engine a flow session's dictations load: the settings' choice, or the model that reads the language of the
/// dictation starting now (`DictationPipeline.engineChoice(for:)`), and the one last given to the shelf to load.
final class RoutedEngine: @unchecked Sendable {
  private let lock = NSLock()
  private var wantedChoice: EngineChoice?
  private var loadedChoice: EngineChoice?

  /// What the next load loads; nil until a dictation has started.
  var wanted: EngineChoice? { lock.withLock { wantedChoice } }

  /// Notes that `choice` is being loaded, and returns it.
  func loading(_ choice: EngineChoice) -> EngineChoice {
    lock.withLock { loadedChoice = choice }
    return choice
  }

  /// The dictation starting now reads with `choice`; true when another one was loaded (it must go).
  func want(_ choice: EngineChoice) -> Bool {
    lock.withLock {
      wantedChoice = choice
      return loadedChoice.map { $0 != choice } ?? false
    }
  }
}
