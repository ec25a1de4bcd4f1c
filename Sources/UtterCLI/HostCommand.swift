import ArgumentParser
import AudioInput
import DictationHost
import Foundation
import Logging
import SessionChannel
import SpeechEngine
import Storage
import TextPipeline

struct HostCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "host",
    abstract: "Run the containing app's dictation host: hold a flow session and serve the keyboard.",
    discussion: """
      The keyboard and the host talk through files in the shared container (the App Group on iOS). The \
      microphone plays --mic in real time from the moment each recording starts, then silence. Runs until \
      the keyboard ends the session, the session expires, or SIGTERM/SIGINT. SIGUSR1/SIGUSR2 begin/end an \
      audio interruption (a call).
      """
  )

  @OptionGroup var global: GlobalOptions

  @Option(help: "The shared container directory.")
  var container: String

  @Option(help: "Audio file the microphone plays (WAV, or anything ffmpeg reads).")
  var mic: String

  @Option(name: .customLong("mic-speed"), help: "Play the microphone this many times faster than real time.")
  var micSpeed: Double = 1

  @Option(help: "Speech engine id (default: the engine in settings, else whisper).")
  var engine: String?

  @Option(help: "Model id for the engine (default: the model in settings).")
  var model: String?

  @Option(parsing: .unconditional, help: "Beam size for the engine, 1 (greedy decoding, fastest) to 8.")
  var beam: Int = 1

  @Option(
    name: .customLong("session-timeout"),
    help: "Seconds without a dictation before the session ends (0: never; default: the setting, 15 minutes).")
  var sessionTimeout: Double?

  func validate() throws {
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
    let dataDirectory = global.dataDirectory
    let database: AppDatabase
    do {
      let (opened, message) = try AppDatabase.open(at: dataDirectory)
      if let message { logger.warning("\(message)") }
      database = opened
    } catch {
      throw CLIError("cannot open history in \(dataDirectory.path): \(error)")
    }
    let containerURL = URL(fileURLWithPath: container, isDirectory: true)
    let channel = SessionChannel(container: containerURL, logger: logger)
    do { try channel.prepare() } catch { throw CLIError("cannot create the container \(container): \(error)") }
    let clock = SessionClock.system
    let settings = try? database.settings()
    let vocabulary = (try? database.pipelineVocabulary()) ?? (dictionary: [], snippets: [])
    let engineID = engine ?? settings?.engine ?? "whisper"
    let modelID = model ?? (engineID == settings?.engine ? settings?.model : nil)
    let timeout =
      sessionTimeout.map(SessionTimeout.init(seconds:))
      ?? settings.map { SessionTimeout(seconds: $0.sessionTimeout.seconds ?? 0) } ?? .fifteenMinutes
    let language = settings.flatMap { $0.language == "auto" ? nil : $0.language }
    let pipeline = TextPipeline(
      configuration: PipelineConfiguration(dictionary: vocabulary.dictionary, snippets: vocabulary.snippets))
    let environment = HostEnvironment(
      clock: clock, microphone: PlaybackMicrophone(samples: audio.samples, speed: micSpeed, clock: clock),
      makeSegmenter: SessionSegmenters.make(ProcessInfo.processInfo.environment["UTTER_SEGMENTER"]),
      loadEngine: { try await SessionEngines.make(id: engineID, model: modelID) },
      format: SessionFormatting.formatter(
        pipeline, polishProvider: settings?.polishProvider,
        polishModel: settings.flatMap { $0.polishModel.isEmpty ? nil : $0.polishModel },
        agentName: settings?.agentName ?? "Utter", dataDirectory: dataDirectory, logger: logger),
      archive: SessionHistoryArchive(database: database),
      spool: AudioSpool(directory: dataDirectory.appendingPathComponent("spool", isDirectory: true)),
      makeSessionID: { UUID().uuidString.lowercased() }, logger: logger)
    let watcher = ChannelWatcher(
      notifier: ChangeNotifiers.platformDefault(container: containerURL), pollInterval: 0.5, clock: clock)
    let host = DictationHost(
      channel: channel, watcher: watcher, environment: environment,
      configuration: HostConfiguration(
        timeout: timeout,
        transcription: TranscriptionOptions(
          language: language, vocabulary: Vocabulary.prompt(for: vocabulary.dictionary), beamSize: max(1, beam))))
    let signals = SessionSignals.install { signal in
      Task {
        switch signal {
        case SIGUSR1: await host.interruptionBegan()
        case SIGUSR2: await host.interruptionEnded()
        default: await host.stop()
        }
      }
    }
    defer { signals.forEach { $0.cancel() } }
    logger.info("host serving \(containerURL.path) (engine \(engineID), mic \(mic) at \(micSpeed)×)")
    do {
      try await host.run()
    } catch {
      throw CLIError("the host could not start: \(error)")
    }
    for entry in await host.recoveredDictations {
      logger.notice("recovered into history: \(entry.text)")
    }
    logger.info("session ended")
  }
}
