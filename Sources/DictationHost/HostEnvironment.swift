import Clocks
import DictationValues
import Logging
import SessionChannel
import SpeechEngine
import SpeechReading
import WordMatching

/// What the app did with words the user corrected in an inserted result.
public struct CorrectionResult: Sendable, Hashable {
  /// The engine's vocabulary after a term was learned; nil when the dictionary did not change.
  public var vocabulary: [String]?
  /// Every learned form after a term was learned (`TranscriptionOptions.learnedForms`); nil when none changed.
  public var learnedForms: [LearnedForm]?
  /// One line for the log: what was learned, suggested or ignored.
  public var summary: String

  public init(vocabulary: [String]? = nil, learnedForms: [LearnedForm]? = nil, summary: String) {
    self.vocabulary = vocabulary
    self.learnedForms = learnedForms
    self.summary = summary
  }
}

/// Learns from words the user corrected (the app records them and may add a term to the dictionary); each carries
/// what the host found in the dictation's audio (`CorrectedWords.heardInAudio`, `context`).
public typealias CorrectionLearning = @Sendable (_ corrections: [CorrectedWords]) -> CorrectionResult

/// Which engine reads a dictation about to be recorded, as `HostEnvironment.routeEngine` decides it for the field.
public enum EngineRouting: Sendable, Hashable {
  /// The engine the host has (or is loading) reads it.
  case same
  /// Another model reads the field's language: the one in memory goes, and `loadEngine` loads that one.
  case changed
  /// No model here reads it: the dictation is refused before the microphone starts, with this line.
  case refused(String)
}

/// Everything the host needs from the outside world, injected.
public struct HostEnvironment: Sendable {
  public var clock: UtterClock
  public var microphone: any AudioSource
  public var makeSegmenter: @Sendable () -> any SpeechSegmenter
  /// Loads the speech engine (in the background: recording never waits for it).
  public var loadEngine: @Sendable () async throws -> any SpeechEngine
  /// Finishes each dictation read (formats, traces, archives it): the pipeline's own finishing step.
  public var finish: DictationFinishing
  /// Where finished dictations are kept: marked delivered, asked about after a crash, and given again the ones
  /// history could not take at first.
  public var archive: any DictationArchive
  public var spool: AudioSpool
  /// Makes a new session id (a plain id: letters, digits, `-`).
  public var makeSessionID: @Sendable () -> String
  /// Learns from the keyboard's corrections; by default they are ignored.
  public var learnCorrections: CorrectionLearning
  /// Cleans up the live text as the final text will be (without polish); nil shows the engine's words as they are.
  public var liveCleanUp: LiveTextCleanUp?
  /// Frees the engine's model where the device keeps it (its shelf); the host has dropped its own reference.
  public var unloadEngine: @Sendable () async -> Void
  /// Decides, as a dictation into a field starts, whether its language needs another model (by default: never).
  public var routeEngine: @Sendable (FieldContext) -> EngineRouting
  public var logger: Logger

  public init(
    clock: UtterClock, microphone: any AudioSource, makeSegmenter: @escaping @Sendable () -> any SpeechSegmenter,
    loadEngine: @escaping @Sendable () async throws -> any SpeechEngine, finish: @escaping DictationFinishing,
    archive: any DictationArchive, spool: AudioSpool, makeSessionID: @escaping @Sendable () -> String,
    learnCorrections: @escaping CorrectionLearning = { _ in CorrectionResult(summary: "corrections are not learned") },
    liveCleanUp: LiveTextCleanUp? = nil, unloadEngine: @escaping @Sendable () async -> Void = {},
    routeEngine: @escaping @Sendable (FieldContext) -> EngineRouting = { _ in .same },
    logger: Logger = Logger(label: "utter.host")
  ) {
    self.unloadEngine = unloadEngine
    self.routeEngine = routeEngine
    self.learnCorrections = learnCorrections
    self.liveCleanUp = liveCleanUp
    self.clock = clock
    self.microphone = microphone
    self.makeSegmenter = makeSegmenter
    self.loadEngine = loadEngine
    self.finish = finish
    self.archive = archive
    self.spool = spool
    self.makeSessionID = makeSessionID
    self.logger = logger
  }
}

/// The host's tunable settings.
public struct HostConfiguration: Sendable {
  public var timeout: SessionTimeout
  /// How often the app proves it is alive.
  public var heartbeatInterval: Double
  /// How often the audio level is published while recording.
  public var levelInterval: Double
  public var transcription: TranscriptionOptions
  /// The longest a dictation records, in seconds: then it stops and what was said is delivered (a forgotten
  /// microphone must not record, and grow its buffer, until the user comes back).
  public var maxRecordingSeconds: Double
  /// How long the keyboard may go without a sign of life (`KeyboardPresence`) before a recording it started is
  /// stopped and what was said is kept: a keyboard killed by iOS never taps stop.
  public var keyboardGoneAfter: Double
  /// Seconds of new audio between two draft readings of the speech still going on (the volatile live text); nil:
  /// no drafts, only the confirmed words of finished speech.
  public var draftInterval: Double?
  /// Seconds without a dictation after which the engine's model is let go (reloaded at the next tap, behind its
  /// capture); nil keeps it for the whole session.
  public var engineIdleUnload: Double?
  /// Seconds added to the engine's load: a slow device's first load (`utter host --engine-delay`).
  public var engineLoadDelay: Double
  /// How often the channel is polled once nothing has gone on for a minute (signals still wake the host at once).
  public var idlePollInterval: Double
  /// How long a streamed dictation waits at stop for the server's words (`StreamingSpeechEngine`) before the
  /// recording is read over HTTP instead.
  public var streamFinalTimeout: Double
  /// When a dictation ends by itself, after the user stops speaking (the `end-of-speech` setting); off: only ✓.
  public var endOfSpeech: EndOfSpeech

  public init(
    timeout: SessionTimeout = .fifteenMinutes, heartbeatInterval: Double = 1, levelInterval: Double = 0.1,
    transcription: TranscriptionOptions = TranscriptionOptions(), maxRecordingSeconds: Double = 600,
    keyboardGoneAfter: Double = 20, draftInterval: Double? = 0.75, engineIdleUnload: Double? = 600,
    engineLoadDelay: Double = 0, idlePollInterval: Double = 2, streamFinalTimeout: Double = 30,
    endOfSpeech: EndOfSpeech = .off
  ) {
    self.endOfSpeech = endOfSpeech
    self.streamFinalTimeout = streamFinalTimeout
    self.idlePollInterval = idlePollInterval
    self.engineIdleUnload = engineIdleUnload
    self.engineLoadDelay = engineLoadDelay
    self.draftInterval = draftInterval
    self.keyboardGoneAfter = keyboardGoneAfter
    self.timeout = timeout
    self.heartbeatInterval = heartbeatInterval
    self.levelInterval = levelInterval
    self.transcription = transcription
    self.maxRecordingSeconds = maxRecordingSeconds
  }
}
