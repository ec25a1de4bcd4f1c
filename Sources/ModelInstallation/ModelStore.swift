#if canImport(Observation)
  import Foundation
  import Storage
  import Observation
  import PhoneRules
  import SpeechEngine

  /// What the model store needs from the phone: the disk's free space, the network's downloads and Core ML. The app
  /// implements it with `URLSession`, `NWPathMonitor` and WhisperKit; the tests with files and fakes.
  @MainActor
  public protocol ModelStoreDevice: AnyObject {
    /// Free bytes for important use on the models' volume; nil when unknown (then the download is tried).
    func freeBytes() -> Int64?
    /// The Hub's listing of a model's files.
    func fetchListing(_ url: URL) async throws -> Data
    func startDownload(model: String, list: ModelFileList, allowsCellular: Bool) async
    func cancelDownload(model: String) async
    /// The models whose background tasks still run, with the bytes each file has received.
    func runningDownloads() async -> [String: [String: Int64]]
    /// The file's SHA-256 in lowercase hex.
    func sha256(of file: URL) async -> String?
    /// Core ML's specialization pass for this device: each model of `folder` loaded and dropped, one at a time (the
    /// lowest peak memory), `progress` after each.
    func specialize(folder: URL, progress: @escaping @Sendable (Double) -> Void) async throws
    /// The engine for the model in `folder`, loaded once.
    func loadEngine(model: String, folder: URL) async throws -> any SpeechEngine
    /// The OS version Core ML's specialised copies belong to (they are evicted on an OS update).
    var systemVersion: String { get }
    /// A small persistent record (the app's `UserDefaults`).
    func record(_ key: String) -> String?
    func setRecord(_ value: String?, for key: String)
  }

  /// The Whisper models Utter offers on iPhone: each one's `ModelInstall` (the store's decisions) applied to the
  /// device's downloads, disk and Core ML. Onboarding and Settings draw `status(of:)`.
  ///
  /// Memory (`BackgroundMemory`): a model is loaded once per use. Core ML's specialization pass runs only when the
  /// model was never specialised on this OS version, and only on screen or for someone waiting (never in a launch for
  /// background download events); a reload of a specialised model is a single load.
  @MainActor
  @Observable
  public final class ModelStore {
    public private(set) var statuses: [String: ModelInstall] = [:]
    @ObservationIgnored public nonisolated let files: ModelFiles
    @ObservationIgnored let device: any ModelStoreDevice
    /// Bytes received per file of each model being downloaded.
    @ObservationIgnored var received: [String: [String: Int64]] = [:]
    /// Callers of `install` and `engine` waiting for a model to be ready (or to stop).
    @ObservationIgnored var waiting: [String: [CheckedContinuation<any SpeechEngine, Error>]] = [:]
    /// Models whose specialization waits for the app to be on screen.
    @ObservationIgnored public private(set) var deferredPreparations: Set<String> = []
    @ObservationIgnored public private(set) var presence: BackgroundMemory.Presence = .background
    /// Every load of an engine, in order: one per use.
    @ObservationIgnored public private(set) var loads: [String] = []

    /// Models live in the app's data folder (kept, excluded from backup), not in the shared App Group.
    public init(data: DataFolder, device: any ModelStoreDevice) {
      self.files = ModelFiles(data: data)
      self.device = device
      for choice in WhisperModelChoice.all {
        var install = ModelInstall(model: choice)
        if folder(for: choice.id) != nil { _ = install.handle(.relaunched(ModelRelaunch(installed: true))) }
        statuses[choice.id] = install
      }
    }

    public func status(of id: String) -> ModelInstall {
      statuses[id] ?? ModelInstall(model: WhisperModelChoice.choice(id: id) ?? WhisperModelChoice.all[0])
    }

    /// The engine for model `id`, loaded once from its downloaded folder (specialised first when this OS never did).
    public func engine(_ id: String) async throws -> any SpeechEngine {
      guard let folder = folder(for: id) else {
        throw ModelStoreError("The \(id) model is not on this iPhone. Download it in Utter › Settings.")
      }
      if status(of: id).phase == .ready, !needsSpecialization(id) { return try await load(id, folder: folder) }
      return try await wait(for: id, after: .prepareAsked)
    }

    /// Downloads `id` (if needed) and prepares it; returns the loaded engine. Throws the store's line when the
    /// download is refused or needs the user (cellular); safe to call again.
    public func install(_ id: String) async throws -> any SpeechEngine {
      guard WhisperModelChoice.choice(id: id) != nil else { throw ModelStoreError("Unknown model \(id)") }
      if status(of: id).phase == .ready { return try await engine(id) }
      return try await wait(for: id, after: .downloadAsked)
    }

    /// The user's answer to "Download on cellular?".
    public func answerCellular(_ id: String, allow: Bool) {
      send(allow ? .cellularConfirmed : .cellularDeclined, to: id)
    }

    /// Deletes a downloaded model, or cancels its download.
    public func delete(_ id: String) { send(.deleteAsked, to: id) }

    /// The network the path monitor reports.
    public func networkChanged(_ kind: NetworkKind) {
      for id in statuses.keys.sorted() { send(.networkKnown(kind), to: id) }
    }

    /// The app is on screen: preparations deferred in the background run now.
    public func appBecameActive() {
      presence = .foreground
      let deferred = deferredPreparations
      deferredPreparations = []
      for id in deferred.sorted() { Task { await prepare(id) } }
    }

    /// The app left the screen; downloads go on in the background session.
    public func appLeft() {
      presence = .background
      for id in statuses.keys.sorted() { send(.appLeft, to: id) }
    }

    /// The downloaded model's folder, if it is still there. NB: recorded relative to the models folder, because the
    /// app's container path changes between installs and updates; an absolute record from an older version is
    /// rewritten as relative here.
    public func folder(for id: String) -> URL? {
      guard let recorded = device.record(Self.folderKey(id)) else { return nil }
      guard let relative = ModelLocation.migrated(recorded, dataFolderName: files.data.root.lastPathComponent) else {
        device.setRecord(nil, for: Self.folderKey(id))
        return nil
      }
      if relative != recorded { device.setRecord(relative, for: Self.folderKey(id)) }
      let url = files.data.model(at: relative)
      return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Whether Core ML must specialise the model before it loads: never done, or done on another OS version (an
    /// update evicts the specialised copies).
    public func needsSpecialization(_ id: String) -> Bool {
      device.record(Self.specializedKey(id)) != device.systemVersion
    }

    // MARK: Events in, effects out

    func send(_ event: ModelEvent, to id: String) {
      guard var install = statuses[id] else { return }
      let effects = install.handle(event)
      statuses[id] = install
      switch install.phase {
      case .failed, .needsConfirmation:
        finishWaiting(id, with: .failure(ModelStoreError(install.view.line)))
      default:
        break
      }
      for effect in effects { perform(effect, for: install.model) }
    }

    private func perform(_ effect: ModelEffect, for choice: WhisperModelChoice) {
      let id = choice.id
      switch effect {
      case .measure:
        // NB: unknown free space is treated as enough; the download then fails with `diskFull` if it is not.
        send(.freeSpaceKnown(device.freeBytes() ?? Int64.max), to: id)
      case .startDownload(let allowsCellular, _):
        Task { await startDownload(choice, allowsCellular: allowsCellular) }
      case .cancelDownload:
        Task { await device.cancelDownload(model: id) }
      case .verify:
        Task { send(.verified(await verify(choice)), to: id) }
      case .saveLocation:
        device.setRecord(ModelLocation.folderName(for: id), for: Self.folderKey(id))
      case .compile:
        if waiting[id, default: []].isEmpty, !BackgroundMemory.mayLoadModel(presence, forDictation: false) {
          deferredPreparations.insert(id)
        } else {
          Task { await prepare(id) }
        }
      case .removeFiles:
        if let old = folder(for: id) { try? FileManager.default.removeItem(at: old) }
        files.remove(id)
        device.setRecord(nil, for: Self.folderKey(id))
        device.setRecord(nil, for: Self.specializedKey(id))
        received[id] = nil
      }
    }

    /// Specialises the model when this OS needs it, then loads the engine once for whoever waits (nobody: no load).
    func prepare(_ id: String) async {
      guard let folder = folder(for: id) else {
        send(.compileFailed, to: id)
        return
      }
      do {
        if needsSpecialization(id) {
          try await device.specialize(folder: folder) { fraction in
            Task { @MainActor [weak self] in self?.send(.compileProgress(fraction), to: id) }
          }
          device.setRecord(device.systemVersion, for: Self.specializedKey(id))
        }
        send(.compiled, to: id)
        guard !waiting[id, default: []].isEmpty else { return }
        finishWaiting(id, with: .success(try await load(id, folder: folder)))
      } catch {
        send(.compileFailed, to: id)
        finishWaiting(id, with: .failure(ModelStoreError("The \(id) model could not be loaded: \(error)")))
      }
    }

    private func load(_ id: String, folder: URL) async throws -> any SpeechEngine {
      loads.append(id)
      return try await device.loadEngine(model: id, folder: folder)
    }

    // MARK: Waiting

    /// Sends `event` and waits until the model is ready (its engine) or stops with a line for the user.
    private func wait(for id: String, after event: ModelEvent) async throws -> any SpeechEngine {
      try await withCheckedThrowingContinuation { continuation in
        // NB: `send` resumes the waiters when the phase stops (failed, or asking about cellular).
        waiting[id, default: []].append(continuation)
        send(event, to: id)
        if deferredPreparations.remove(id) != nil { Task { await prepare(id) } }
      }
    }

    func finishWaiting(_ id: String, with result: Result<any SpeechEngine, Error>) {
      let waiters = waiting.removeValue(forKey: id) ?? []
      for waiter in waiters { waiter.resume(with: result) }
    }

    static func folderKey(_ id: String) -> String { "whisper.model.folder.\(id)" }
    static func specializedKey(_ id: String) -> String { "whisper.model.specialized-on.\(id)" }
  }
#endif

/// One line for the user about a model.
public struct ModelStoreError: Error, CustomStringConvertible, Sendable, Hashable {
  public let description: String
  public init(_ description: String) { self.description = description }
}
