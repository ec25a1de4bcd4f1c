import CryptoKit
import Foundation
import ModelInstallation
import SpeechEngine
import Storage
import UIKit
import WhisperKit

/// The iPhone's side of the `ModelStore`: background `URLSession` downloads, the path monitor, the volume's free
/// space, SHA-256, Core ML's specialization pass and WhisperKit's load, and `UserDefaults` for its records.
@MainActor
final class PhoneModelStore: ModelStoreDevice {
  private var downloads: ModelDownloads?
  private var network: NetworkWatch?
  private let data: URL
  private let defaults = UserDefaults.standard

  /// The store, with its downloads and network monitor connected and the last launch's downloads picked up.
  static func make(data: DataFolder) -> (ModelStore, PhoneModelStore) {
    let device = PhoneModelStore(data: data.root)
    let store = ModelStore(data: data, device: device)
    device.downloads = ModelDownloads(files: store.files) { [weak store] report in
      Task { @MainActor [store] in store?.apply(report) }
    }
    device.network = NetworkWatch { [weak store] kind in store?.networkChanged(kind) }
    Task { await store.relaunch() }
    return (store, device)
  }

  private init(data: URL) { self.data = data }

  /// Lets the system's completion handler for background download events run once they are delivered.
  func backgroundEventsDelivered(for identifier: String, completion: @escaping @Sendable () -> Void) {
    if let now = downloads?.handoff.keep(completion, for: identifier) { DispatchQueue.main.async { now() } }
  }

  func freeBytes() -> Int64? {
    (try? data.resourceValues(forKeys: [.volumeAvailableCapacityForImportantUsageKey]))?
      .volumeAvailableCapacityForImportantUsage
  }

  func fetchListing(_ url: URL) async throws -> Data { try await URLSession.shared.data(from: url).0 }

  func startDownload(model: String, list: ModelFileList, allowsCellular: Bool) async {
    await downloads?.start(model: model, list: list, allowsCellular: allowsCellular)
  }

  func cancelDownload(model: String) async { await downloads?.cancel(model: model) }

  func runningDownloads() async -> [String: [String: Int64]] { await downloads?.running() ?? [:] }

  func sha256(of file: URL) async -> String? {
    await Task.detached(priority: .utility) {
      guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
      defer { try? handle.close() }
      var hasher = SHA256()
      // glue: FileHandle's end of file is an empty read; 4 MB at a time keeps a 1.5 GB model out of memory.
      while let chunk = try? handle.read(upToCount: 4 << 20), !chunk.isEmpty { hasher.update(data: chunk) }
      return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }.value
  }

  func specialize(folder: URL, progress: @escaping @Sendable (Double) -> Void) async throws {
    try await ModelCompiler.compile(folder: folder, progress: progress)
  }

  func loadEngine(model: String, folder: URL) async throws -> any SpeechEngine {
    try await WhisperKitEngine(model: model, folder: folder)
  }

  var systemVersion: String { UIDevice.current.systemVersion }

  func record(_ key: String) -> String? { defaults.string(forKey: key) }

  func setRecord(_ value: String?, for key: String) { defaults.set(value, forKey: key) }
}

extension ModelStore {
  /// The model WhisperKit recommends for this iPhone, as one of our choices.
  var recommendedID: String { WhisperModelChoice.recommended(for: WhisperKit.recommendedModels().default) }
}

/// The store's one-line error, by the name Apple's engine also throws.
typealias LibraryError = ModelStoreError
