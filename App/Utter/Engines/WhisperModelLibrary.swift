import CryptoKit
import Dictation
import Foundation
import Locations
import Observation
import WhisperKit
import os

/// The Whisper models Utter offers on iPhone: each one's `ModelInstall` (the store's decisions) applied to a
/// background download, the disk, the network monitor and Core ML. Onboarding and Settings draw `status(of:)`.
@MainActor
@Observable
final class WhisperModelLibrary {
  private(set) var statuses: [String: ModelInstall] = [:]
  @ObservationIgnored private let data: DataFolder
  @ObservationIgnored private let files: ModelFiles
  @ObservationIgnored private let defaults: UserDefaults
  @ObservationIgnored private var downloads: ModelDownloads?
  @ObservationIgnored private var network: NetworkWatch?
  /// Bytes received per file of each model being downloaded.
  @ObservationIgnored private var received: [String: [String: Int64]] = [:]
  /// Callers of `install` and `engine` waiting for a model to be ready (or to stop).
  @ObservationIgnored private var waiting: [String: [CheckedContinuation<WhisperKitEngine, Error>]] = [:]
  private let log = Logger(subsystem: "app.utter", category: "models")

  /// Models live in the app's data folder (kept, excluded from backup), not in the shared App Group.
  init(data: DataFolder, defaults: UserDefaults = .standard) {
    self.data = data
    self.files = ModelFiles(data: data)
    self.defaults = defaults
    for choice in WhisperModelChoice.all {
      var install = ModelInstall(model: choice)
      if folder(for: choice.id) != nil { _ = install.handle(.relaunched(ModelRelaunch(installed: true))) }
      statuses[choice.id] = install
    }
    downloads = ModelDownloads(folder: files) { [weak self] report in
      Task { @MainActor in self?.apply(report) }
    }
    network = NetworkWatch { [weak self] kind in self?.networkChanged(kind) }
    Task { await relaunch() }
  }

  /// The model WhisperKit recommends for this iPhone, as one of our choices.
  var recommendedID: String { WhisperModelChoice.recommended(for: WhisperKit.recommendedModels().default) }

  func status(of id: String) -> ModelInstall {
    statuses[id] ?? ModelInstall(model: WhisperModelChoice.choice(id: id) ?? WhisperModelChoice.all[0])
  }

  /// The engine for model `id`, prepared from its downloaded folder.
  func engine(_ id: String) async throws -> WhisperKitEngine {
    guard folder(for: id) != nil else {
      throw LibraryError("The \(id) model is not on this iPhone. Download it in Utter › Settings.")
    }
    return try await wait(for: id, after: .prepareAsked)
  }

  /// Downloads `id` (if needed) and prepares it; returns the ready engine. Throws the store's line when the
  /// download is refused or needs the user (cellular); safe to call again.
  func install(_ id: String) async throws -> WhisperKitEngine {
    guard WhisperModelChoice.choice(id: id) != nil else { throw LibraryError("Unknown model \(id)") }
    return try await wait(for: id, after: status(of: id).phase == .ready ? .prepareAsked : .downloadAsked)
  }

  /// The user's answer to "Download on cellular?".
  func answerCellular(_ id: String, allow: Bool) {
    send(allow ? .cellularConfirmed : .cellularDeclined, to: id)
  }

  /// Deletes a downloaded model, or cancels its download.
  func delete(_ id: String) { send(.deleteAsked, to: id) }

  /// The downloaded model's folder, if it is still there. NB: recorded relative to the models folder, because the
  /// app's container path changes between installs and updates; an absolute record from an older version is
  /// rewritten as relative here.
  func folder(for id: String) -> URL? {
    guard let recorded = defaults.string(forKey: Self.folderKey(id)) else { return nil }
    guard let relative = ModelLocation.migrated(recorded, dataFolderName: data.root.lastPathComponent) else {
      defaults.removeObject(forKey: Self.folderKey(id))
      return nil
    }
    if relative != recorded { defaults.set(relative, forKey: Self.folderKey(id)) }
    let url = data.model(at: relative)
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// Lets the system's completion handler for background download events run once they are delivered.
  func backgroundEventsDelivered(for identifier: String, completion: @escaping @Sendable () -> Void) {
    downloads?.keepCompletion(completion, for: identifier)
  }

  /// Also applies to the app going to the background: the store decides (nothing stops).
  func appLeft() {
    for id in statuses.keys { send(.appLeft, to: id) }
  }

  // MARK: Events in, effects out

  private func send(_ event: ModelEvent, to id: String) {
    guard var install = statuses[id] else { return }
    let effects = install.handle(event)
    statuses[id] = install
    switch install.phase {
    case .failed, .needsConfirmation:
      finishWaiting(id, with: .failure(LibraryError(install.view.line)))
    default:
      break
    }
    for effect in effects { perform(effect, for: install) }
  }

  private func perform(_ effect: ModelEffect, for install: ModelInstall) {
    let id = install.model.id
    switch effect {
    case .measure:
      send(.freeSpaceKnown(freeBytes()), to: id)
    case .startDownload(let allowsCellular, _):
      Task { await startDownload(install.model, allowsCellular: allowsCellular) }
    case .cancelDownload:
      Task { await downloads?.cancel(model: id) }
    case .verify:
      Task { send(.verified(await verify(install.model)), to: id) }
    case .saveLocation:
      defaults.set(ModelLocation.folderName(for: id), forKey: Self.folderKey(id))
    case .compile:
      Task { await compile(id) }
    case .removeFiles:
      if let old = folder(for: id) { try? FileManager.default.removeItem(at: old) }
      files.remove(id)
      defaults.removeObject(forKey: Self.folderKey(id))
      received[id] = nil
    }
  }

  private func networkChanged(_ kind: NetworkKind) {
    for id in statuses.keys { send(.networkKnown(kind), to: id) }
  }

  private func apply(_ report: ModelDownloadReport) {
    switch report {
    case .received(let model, let path, let bytes):
      received[model, default: [:]][path] = bytes
      guard let choice = WhisperModelChoice.choice(id: model), let list = files.list(model, variant: choice.variant)
      else { return }
      send(.progress(list.fraction(received: received[model] ?? [:])), to: model)
    case .fileFinished(let model, let path):
      guard let choice = WhisperModelChoice.choice(id: model), let list = files.list(model, variant: choice.variant)
      else { return }
      received[model, default: [:]][path] = list.files.first { $0.path == path }?.size
      if list.mismatches(sizesOnDisk: files.sizesOnDisk(list, model: model)).isEmpty {
        send(.downloadFinished, to: model)
      } else {
        send(.progress(list.fraction(received: received[model] ?? [:])), to: model)
      }
    case .failed(let model, _, let failure, let resumeData):
      send(.downloadFailed(failure, resumeData: resumeData || files.hasResumeData(model)), to: model)
    }
  }

  /// After a launch: what the background sessions still run and what is on disk, for each model not ready.
  private func relaunch() async {
    let running = await downloads?.running() ?? [:]
    for choice in WhisperModelChoice.all where status(of: choice.id).phase != .ready {
      let list = files.list(choice.id, variant: choice.variant)
      var bytes = list.map { files.sizesOnDisk($0, model: choice.id) } ?? [:]
      bytes.merge(running[choice.id] ?? [:]) { max($0, $1) }
      received[choice.id] = bytes
      let found = ModelRelaunch(
        downloadComplete: list.map { $0.mismatches(sizesOnDisk: files.sizesOnDisk($0, model: choice.id)).isEmpty }
          ?? false,
        taskRunning: running[choice.id] != nil, resumeData: files.hasResumeData(choice.id),
        fraction: list?.fraction(received: bytes) ?? 0)
      send(.relaunched(found), to: choice.id)
    }
  }

  // MARK: Effects

  /// Free bytes for important use on the data folder's volume (what iOS would free for a download).
  private func freeBytes() -> Int64 {
    let values = try? data.root.resourceValues(forKeys: [.volumeAvailableCapacityForImportantUsageKey])
    // NB: unknown (nil) is treated as enough; the download then fails with `diskFull` if it is not.
    return values?.volumeAvailableCapacityForImportantUsage ?? Int64.max
  }

  /// Fetches the model's file list (once) and starts its files in the background session.
  private func startDownload(_ choice: WhisperModelChoice, allowsCellular: Bool) async {
    do {
      let list: ModelFileList
      if let saved = files.list(choice.id, variant: choice.variant) {
        list = saved
      } else {
        guard let url = ModelFileList.listingURL(variant: choice.variant) else { throw LibraryError("bad model") }
        let (listing, _) = try await URLSession.shared.data(from: url)
        list = try ModelFileList(listing: listing, variant: choice.variant)
        try files.saveList(listing, id: choice.id)
      }
      try files.makeFolder(files.folder(choice.id))
      await downloads?.start(model: choice.id, list: list, allowsCellular: allowsCellular)
      if list.mismatches(sizesOnDisk: files.sizesOnDisk(list, model: choice.id)).isEmpty {
        send(.downloadFinished, to: choice.id)
      }
    } catch {
      log.error("starting \(choice.id, privacy: .public) failed: \(error.localizedDescription, privacy: .public)")
      send(.downloadFailed(.connection, resumeData: files.hasResumeData(choice.id)), to: choice.id)
    }
  }

  /// Every listed file is there with its size, and each large file has its SHA-256.
  private func verify(_ choice: WhisperModelChoice) async -> Bool {
    guard let list = files.list(choice.id, variant: choice.variant) else { return false }
    let located = list.files.compactMap { file in file.sha256.map { (files.file(choice.id, file.path), $0) } }
    let sizes = files.sizesOnDisk(list, model: choice.id)
    return await Task.detached(priority: .utility) {
      guard list.mismatches(sizesOnDisk: sizes).isEmpty else { return false }
      for (url, expected) in located {
        guard Self.sha256(of: url) == expected.lowercased() else { return false }
      }
      return true
    }.value
  }

  nonisolated private static func sha256(of url: URL) -> String? {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
    defer { try? handle.close() }
    var hasher = SHA256()
    while let chunk = try? handle.read(upToCount: 4 << 20), !chunk.isEmpty { hasher.update(data: chunk) }
    return hasher.finalize().map { String(format: "%02x", $0) }.joined()
  }

  /// Compiles the model with progress, then loads the engine for whoever waits for it.
  private func compile(_ id: String) async {
    guard let folder = folder(for: id) else {
      send(.compileFailed, to: id)
      return
    }
    do {
      try await ModelCompiler.compile(folder: folder) { fraction in
        Task { @MainActor [weak self] in self?.send(.compileProgress(fraction), to: id) }
      }
      let engine = try await WhisperKitEngine(model: id, folder: folder)
      send(.compiled, to: id)
      finishWaiting(id, with: .success(engine))
    } catch {
      log.error("preparing \(id, privacy: .public) failed: \(error.localizedDescription, privacy: .public)")
      send(.compileFailed, to: id)
    }
  }

  // MARK: Waiting

  /// Sends `event` and waits until the model is ready (its engine) or stops with a line for the user.
  private func wait(for id: String, after event: ModelEvent) async throws -> WhisperKitEngine {
    try await withCheckedThrowingContinuation { continuation in
      // NB: `send` resumes the waiters when the phase stops (failed, or asking about cellular).
      waiting[id, default: []].append(continuation)
      send(event, to: id)
    }
  }

  private func finishWaiting(_ id: String, with result: Result<WhisperKitEngine, Error>) {
    let waiters = waiting.removeValue(forKey: id) ?? []
    for waiter in waiters { waiter.resume(with: result) }
  }

  private static func folderKey(_ id: String) -> String { "whisper.model.folder.\(id)" }
}

extension ModelInstall {
  /// NB: lets screens written against the library's former status enum ask `status(of: id) == .ready`.
  static func == (install: ModelInstall, phase: ModelPhase) -> Bool { install.phase == phase }
}

/// One-line error for the user.
struct LibraryError: Error, CustomStringConvertible, LocalizedError {
  let description: String
  init(_ description: String) { self.description = description }
  var errorDescription: String? { description }
}
