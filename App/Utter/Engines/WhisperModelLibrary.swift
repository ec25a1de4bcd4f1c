import Foundation
import Observation
import WhisperKit
import os

/// The Whisper models Utter offers on iPhone, their download and their preparation (Core ML compilation and
/// prewarming), with progress for the onboarding and settings screens.
@MainActor
@Observable
final class WhisperModelLibrary {
  /// A model the user can pick.
  struct Choice: Identifiable, Hashable {
    /// Utter's model name (shared with the settings and the CLI), e.g. `base`.
    let id: String
    /// WhisperKit's variant name in `argmaxinc/whisperkit-coreml`.
    let variant: String
    let title: String
    let detail: String
    /// Approximate download size in megabytes.
    let megabytes: Int
  }

  /// Where the library is for one model.
  enum Status: Equatable {
    case notDownloaded
    case downloading(fraction: Double)
    /// Compiling for the Neural Engine and loading: slow once per model and OS update, then quick.
    case preparing
    case ready
    case failed(String)
  }

  static let choices: [Choice] = [
    Choice(
      id: "tiny.en", variant: "tiny.en", title: "Tiny (English)", detail: "Fastest, least accurate", megabytes: 75),
    Choice(
      id: "base.en", variant: "base.en", title: "Base (English)", detail: "Fast, good for short notes", megabytes: 145),
    Choice(id: "base", variant: "base", title: "Base (multilingual)", detail: "Fast, 99 languages", megabytes: 145),
    Choice(
      id: "small.en", variant: "small.en", title: "Small (English)", detail: "Accurate, needs a recent iPhone",
      megabytes: 480),
    Choice(
      id: "small", variant: "small", title: "Small (multilingual)", detail: "Accurate, 99 languages", megabytes: 480),
    Choice(
      id: "large-v3-turbo", variant: "large-v3-v20240930_turbo_632MB", title: "Large v3 Turbo",
      detail: "Most accurate, iPhone 15 Pro or later", megabytes: 632),
  ]

  private(set) var statuses: [String: Status] = [:]
  private let root: URL
  private let defaults: UserDefaults
  private let log = Logger(subsystem: "app.utter", category: "models")

  /// Models live in Application Support (kept, backed up excluded), not in the shared App Group.
  init(defaults: UserDefaults = .standard) {
    let support =
      FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    root = support.appendingPathComponent("Models", isDirectory: true)
    self.defaults = defaults
    for choice in Self.choices { statuses[choice.id] = folder(for: choice.id) == nil ? .notDownloaded : .ready }
  }

  static func choice(id: String) -> Choice? { choices.first { $0.id == id } }

  /// The model WhisperKit recommends for this iPhone, as one of our choices.
  var recommendedID: String {
    let support = WhisperKit.recommendedModels()
    return Self.choices.first { support.default.hasSuffix($0.variant) }?.id ?? "base.en"
  }

  func status(of id: String) -> Status { statuses[id] ?? .notDownloaded }

  /// The downloaded model's folder, if it is still there.
  func folder(for id: String) -> URL? {
    guard let path = defaults.string(forKey: Self.folderKey(id)) else { return nil }
    let url = URL(fileURLWithPath: path, isDirectory: true)
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// Downloads `id` (if needed) and prepares it; returns the ready engine. Safe to call again after a failure.
  func install(_ id: String) async throws -> WhisperKitEngine {
    guard let choice = Self.choice(id: id) else { throw LibraryError("Unknown model \(id)") }
    let folder: URL
    if let existing = self.folder(for: id) {
      folder = existing
    } else {
      try checkFreeSpace(for: choice)
      statuses[id] = .downloading(fraction: 0)
      do {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        folder = try await WhisperKit.download(
          variant: choice.variant, downloadBase: root, useBackgroundSession: false,
          progressCallback: { [weak self] progress in
            let fraction = progress.fractionCompleted
            Task { @MainActor in self?.statuses[id] = .downloading(fraction: fraction) }
          })
        excludeFromBackup(root)
        defaults.set(folder.path, forKey: Self.folderKey(id))
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

  private func checkFreeSpace(for choice: Choice) throws {
    let values = try? root.deletingLastPathComponent()
      .resourceValues(forKeys: [.volumeAvailableCapacityForImportantUsageKey])
    guard let available = values?.volumeAvailableCapacityForImportantUsage else { return }
    let needed = Int64(choice.megabytes) * 1_000_000 * 2
    if available < needed {
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
}

/// One-line error for the user.
struct LibraryError: Error, CustomStringConvertible, LocalizedError {
  let description: String
  init(_ description: String) { self.description = description }
  var errorDescription: String? { description }
}
