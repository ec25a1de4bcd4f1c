/// How the phone reaches the network, as its path monitor reports it.
public enum NetworkKind: String, Sendable, Hashable, CaseIterable {
  /// Wi-Fi or wired, neither expensive nor in Low Data Mode.
  case wifi
  /// Cellular (or a personal hotspot): the user pays for the bytes.
  case cellular
  /// Low Data Mode is on.
  case constrained
  case none

  /// Whether downloading a model here needs the user's yes.
  public var needsConsent: Bool { self == .cellular || self == .constrained }
}

/// Why a download waits without the user doing anything.
public enum PauseReason: Sendable, Hashable {
  /// No connection; the download goes on by itself when one comes back.
  case waitingForNetwork
  /// Only cellular or Low Data Mode, and the user has not allowed it.
  case waitingForWiFi
}

/// Why a model is not ready, in the user's terms.
public enum ModelFailure: Sendable, Hashable {
  /// Refused before downloading: the free space is below what the model needs.
  case notEnoughSpace(needed: Int64, free: Int64)
  /// The device filled up while downloading.
  case diskFull
  /// The connection failed and the system gave up.
  case connection
  /// The model server refused (an HTTP status).
  case server(Int)
  /// The downloaded files do not match the model's list; they were removed.
  case damaged
  /// Core ML could not load or compile the model.
  case compile
}

/// Where one model is on its way to being ready for dictation.
public enum ModelPhase: Sendable, Hashable {
  case notInstalled
  /// Measuring the free space and the network before starting.
  case checking
  /// On cellular or in Low Data Mode: the user must say yes first.
  case needsConfirmation(NetworkKind)
  case downloading(fraction: Double)
  case paused(PauseReason)
  case failed(ModelFailure)
  /// Checking the finished files against the model's list.
  case verifying
  /// Core ML compiles the model for the Neural Engine (once per model and OS update); nil while unknown.
  case compiling(fraction: Double?)
  case ready
}

/// What the app found when it started: the background session's tasks and the files on disk.
public struct ModelRelaunch: Sendable, Hashable {
  /// The model's folder is recorded and on disk.
  public var installed = false
  /// Every file of the model is on disk but the model was not verified yet (the app died in between).
  public var downloadComplete = false
  /// The background session still runs a task for this model (it went on while the app was away).
  public var taskRunning = false
  /// Resume data was saved for this model (a task was cancelled or failed part way).
  public var resumeData = false
  /// How much of the download is on disk, 0...1.
  public var fraction: Double = 0
}

/// Something that happened to a model: the user, the network, the disk, the download or Core ML.
public enum ModelEvent: Sendable, Hashable {
  /// The user asked for the model (Download, Retry).
  case downloadAsked
  /// The path monitor's current network.
  case networkKnown(NetworkKind)
  /// Free bytes for important use on the models' volume.
  case freeSpaceKnown(Int64)
  /// The user allowed cellular or Low Data Mode for this download.
  case cellularConfirmed
  /// The user chose to wait for Wi-Fi.
  case cellularDeclined
  /// Bytes arrived: the fraction of the model on disk.
  case progress(Double)
  /// The user left the app (the background session keeps downloading).
  case appLeft
  /// The app started (again) and found this.
  case relaunched(ModelRelaunch)
  /// Every file of the model is in its folder.
  case downloadFinished
  /// A task ended without its file; `resumeData` when it can go on from where it stopped.
  case downloadFailed(DownloadFailure, resumeData: Bool)
  /// The finished files matched the model's list (or not).
  case verified(Bool)
  /// The user or the app wants the installed model loaded (compiled if needed).
  case prepareAsked
  case compileProgress(Double)
  case compiled
  case compileFailed
  /// The user deleted the model (or cancelled its download).
  case deleteAsked
}

/// How a download task ended without its file.
public enum DownloadFailure: Sendable, Hashable {
  case connection
  case diskFull
  case server(Int)
  /// Cancelled by Utter (a delete); nothing to report.
  case cancelled
}

/// What the app must do after a transition; the store decides, the app only does it.
public enum ModelEffect: Sendable, Hashable {
  /// Read the free space (the network is reported as it changes).
  case measure
  /// Start (or restart) the model's download; `resume` from its resume data; cellular only if allowed.
  case startDownload(allowsCellular: Bool, resume: Bool)
  /// Cancel the model's tasks and drop their resume data.
  case cancelDownload
  /// Check the finished files.
  case verify
  /// Record the model's folder, relative to the models folder.
  case saveLocation
  /// Load and compile the model with progress.
  case compile
  /// Remove the model's files, finished or partial.
  case removeFiles
}

/// One Whisper model's download and preparation as a value: events in, effects out.
///
/// Decisions: refuse before downloading when the free space is below `ModelSpace.needed`; ask before using
/// cellular or Low Data Mode; keep downloading when the user leaves (a background session); resume from resume
/// data after a failure or a relaunch; never drop a finished download (a compile failure retries the compile only).
public struct ModelInstall: Sendable, Hashable {
  public let model: WhisperModelChoice
  public internal(set) var phase: ModelPhase
  /// The latest network the path monitor reported; nil until it has.
  public internal(set) var network: NetworkKind?
  /// Free bytes measured since the user last asked; nil until measured.
  public internal(set) var freeBytes: Int64?
  /// Resume data is saved for this model.
  public internal(set) var hasResumeData = false
  /// A background task for this model is running (or waiting for a network by itself).
  public internal(set) var taskRunning = false
  /// Every file is on disk (before or after verification): a compile failure keeps it.
  public internal(set) var hasDownload = false
  /// The user said yes to cellular or Low Data Mode for this model.
  public internal(set) var cellularAllowed = false
  /// The last fraction downloaded, shown while paused or failed.
  public internal(set) var fraction: Double = 0

  public init(model: WhisperModelChoice, phase: ModelPhase = .notInstalled) {
    self.model = model
    self.phase = phase
    if phase == .ready { hasDownload = true }
  }

  /// Free bytes this model needs before its download starts.
  public var bytesNeeded: Int64 { ModelSpace.needed(forModelBytes: model.bytes) }
}

extension ModelInstall {
  /// Lets a screen ask `status(of: id) == .ready`.
  public static func == (install: ModelInstall, phase: ModelPhase) -> Bool { install.phase == phase }
}

extension NetworkKind {
  /// The kind of a network path: none unless satisfied, then Low Data Mode first (it is also expensive), then cellular
  /// or a hotspot (`expensive`), else Wi-Fi or wired.
  public init(satisfied: Bool, constrained: Bool, expensive: Bool) {
    self = !satisfied ? .none : constrained ? .constrained : expensive ? .cellular : .wifi
  }
}
