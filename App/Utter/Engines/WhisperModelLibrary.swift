import Dictation
import Foundation
import Locations
import Observation
import WhisperKit
import os

/// The Whisper models Utter offers on iPhone, their download and their preparation (Core ML compilation and
/// prewarming), with progress for the onboarding and settings screens.
@MainActor
@Observable
final class WhisperModelLibrary {
  /// Where the library is for one model.
  enum Status: Equatable {
    case notDownloaded
    case downloading(fraction: Double)
    /// Compiling for the Neural Engine and loading: slow once per model and OS update, then quick.
    case preparing
    case ready
    case failed(String)
  }

  private(set) var statuses: [String: Status] = [:]
  private let data: DataFolder
  private let defaults: UserDefaults
  private let log = Logger(subsystem: "app.utter", category: "models")

  /// Models live in the app's data folder (kept, excluded from backup), not in the shared App Group.
  init(data: DataFolder, defaults: UserDefaults = .standard) {
    self.data = data
    self.defaults = defaults
    for choice in WhisperModelChoice.all {
      statuses[choice.id] = folder(for: choice.id) == nil ? .notDownloaded : .ready
    }
  }

  /// The model WhisperKit recommends for this iPhone, as one of our choices.
  var recommendedID: String { WhisperModelChoice.recommended(for: WhisperKit.recommendedModels().default) }

  /// The engine for model `id`, prepared from its downloaded folder.
  func engine(_ id: String) async throws -> WhisperKitEngine {
    guard let folder = folder(for: id) else {
      throw LibraryError("The \(id) model is not on this iPhone. Download it in Utter › Settings.")
    }
    return try await prepare(id, folder: folder)
  }

  func status(of id: String) -> Status { statuses[id] ?? .notDownloaded }

  /// The downloaded model's folder, if it is still there. NB: stored relative to the models folder, because the
  /// app's container path changes between installs and updates.
  func folder(for id: String) -> URL? {
    guard let path = defaults.string(forKey: Self.folderKey(id)) else { return nil }
    let url = data.model(at: path)
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// Downloads `id` (if needed) and prepares it; returns the ready engine. Safe to call again after a failure.
  func install(_ id: String) async throws -> WhisperKitEngine {
    guard let choice = WhisperModelChoice.choice(id: id) else { throw LibraryError("Unknown model \(id)") }
    let folder: URL
    if let existing = self.folder(for: id) {
      folder = existing
    } else {
      try checkFreeSpace(for: choice)
      statuses[id] = .downloading(fraction: 0)
      do {
        try FileManager.default.createDirectory(at: data.models, withIntermediateDirectories: true)
        folder = try await WhisperKit.download(
          variant: choice.variant, downloadBase: data.models, useBackgroundSession: false,
          progressCallback: { [weak self] progress in
            let fraction = progress.fractionCompleted
            Task { @MainActor in self?.statuses[id] = .downloading(fraction: fraction) }
          })
        excludeFromBackup(data.models)
        defaults.set(Self.relativePath(of: folder, in: data.models), forKey: Self.folderKey(id))
      } catch {
        statuses[id] = .failed("Download failed. Check your connection and try again.")
        log.error("download of \(id, privacy: .public) failed: \(error.localizedDescription, privacy: .public)")
        throw LibraryError("The model could not be downloaded. Check your connection and try again.")
      }
    }
    return try await prepare(id, folder: folder)
  }

  /// Loads and prewarms a downloaded model: the Core ML compilation happens here, never on a dictation.
  func prepare(_ id: String, folder: URL) async throws -> WhisperKitEngine {
    statuses[id] = .preparing
    do {
      let engine = try await WhisperKitEngine(model: id, folder: folder)
      statuses[id] = .ready
      return engine
    } catch {
      statuses[id] = .failed("The model could not be loaded. Delete it and download it again.")
      log.error("loading \(id, privacy: .public) failed: \(error.localizedDescription, privacy: .public)")
      throw LibraryError("The speech model could not be loaded. Delete it in Settings and download it again.")
    }
  }

  /// Deletes a downloaded model.
  func delete(_ id: String) {
    if let folder = folder(for: id) { try? FileManager.default.removeItem(at: folder) }
    defaults.removeObject(forKey: Self.folderKey(id))
    statuses[id] = .notDownloaded
  }

  private func checkFreeSpace(for choice: WhisperModelChoice) throws {
    let values = try? data.root.resourceValues(forKeys: [.volumeAvailableCapacityForImportantUsageKey])
    guard let available = values?.volumeAvailableCapacityForImportantUsage else { return }
    if available < choice.bytesNeeded {
      throw LibraryError("Not enough free space: \(choice.title) needs about \(choice.megabytes * 2) MB free.")
    }
  }

  private func excludeFromBackup(_ url: URL) {
    var url = url
    var values = URLResourceValues()
    values.isExcludedFromBackup = true
    try? url.setResourceValues(values)
  }

  private static func folderKey(_ id: String) -> String { "whisper.model.folder.\(id)" }

  /// `folder`'s path below `root` (WhisperKit puts a download a few folders down).
  private static func relativePath(of folder: URL, in root: URL) -> String {
    let base = root.standardizedFileURL.path
    let path = folder.standardizedFileURL.path
    return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : folder.lastPathComponent
  }
}

/// One-line error for the user.
struct LibraryError: Error, CustomStringConvertible, LocalizedError {
  let description: String
  init(_ description: String) { self.description = description }
  var errorDescription: String? { description }
}
