import Foundation
import ModelInstallation
import SessionTestFakes
import SpeechEngine
import Storage
import TestSupport
import Testing

/// The phone as the model store sees it: files on a real disk, downloads that land when the test says, a record of
/// every specialization pass and every engine load.
@MainActor
final class FakeModelDevice: ModelStoreDevice {
  var records: [String: String] = [:]
  var systemVersion = "26.0"
  var specializations: [URL] = []
  var loadedEngines: [String] = []
  var listing = Data()
  var running: [String: [String: Int64]] = [:]
  /// What a started download does (the test writes the files and reports them).
  var onStart: (String, ModelFileList) -> Void = { _, _ in }
  var hashes: [String: String] = [:]

  func freeBytes() -> Int64? { 10_000_000_000 }
  func fetchListing(_ url: URL) async throws -> Data { listing }
  func startDownload(model: String, list: ModelFileList, allowsCellular: Bool) async { onStart(model, list) }
  func cancelDownload(model: String) async {}
  func runningDownloads() async -> [String: [String: Int64]] { running }
  func sha256(of file: URL) async -> String? { hashes[file.lastPathComponent] }
  func specialize(folder: URL, progress: @escaping @Sendable (Double) -> Void) async throws {
    specializations.append(folder)
    progress(1)
  }
  func loadEngine(model: String, folder: URL) async throws -> any SpeechEngine {
    loadedEngines.append(model)
    return ScriptedEngine(["hello"])
  }
  func record(_ key: String) -> String? { records[key] }
  func setRecord(_ value: String?, for key: String) { records[key] = value }
}

@MainActor
@Suite("The model store loads a model once per use and never prepares one in the background")
struct ModelStoreTests {
  static let files: [(path: String, content: String, hash: String?)] = [
    ("config.json", "{}", nil), ("AudioEncoder.mlmodelc/weight.bin", "weights", "abc123"),
  ]

  static var listing: Data {
    let entries = files.map { file in
      let lfs = file.hash.map { ", \"lfs\": {\"oid\": \"\($0)\"}" } ?? ""
      return
        "{\"type\": \"file\", \"path\": \"openai_whisper-tiny.en/\(file.path)\", \"size\": \(file.content.utf8.count)\(lfs)}"
    }
    return Data("[\(entries.joined(separator: ","))]".utf8)
  }

  /// A store on a fresh data folder whose downloads land at once when started.
  static func store(_ device: FakeModelDevice, in dir: TemporaryDirectory) -> ModelStore {
    device.listing = listing
    device.hashes = ["weight.bin": "abc123"]
    let store = ModelStore(data: DataFolder(root: dir.url), device: device)
    device.onStart = { [weak store] model, list in
      guard let store else { return }
      for file in files {
        let url = store.files.file(model, file.path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(file.content.utf8).write(to: url)
        store.apply(.fileFinished(model: model, path: file.path))
      }
    }
    return store
  }

  /// Lets the store's effects (each in a task of its own) run until `done` holds; never waits for a time.
  static func settle(_ done: () -> Bool) async {
    for _ in 0..<10_000 where !done() { await Task.yield() }
  }

  @Test("a download is specialised once and loaded once; the next reload is a single load, no specialization")
  func reloadLoadsOnce() async throws {
    let dir = try TemporaryDirectory("model-store")
    defer { dir.remove() }
    let device = FakeModelDevice()
    let store = Self.store(device, in: dir)
    store.networkChanged(.wifi)
    _ = try await store.install("tiny.en")
    #expect(store.status(of: "tiny.en").phase == .ready)
    #expect(device.specializations.count == 1)
    #expect(device.loadedEngines == ["tiny.en"])
    // The host let the engine go (idle, memory): the next dictation loads it again, once.
    _ = try await store.engine("tiny.en")
    #expect(device.specializations.count == 1, "a specialised model is not specialised again")
    #expect(device.loadedEngines == ["tiny.en", "tiny.en"])
    #expect(store.loads == ["tiny.en", "tiny.en"])
  }

  @Test("a French field with only tiny.en on the phone is refused with the model to download; downloaded, it counts")
  func installedModelsRouteALanguage() async throws {
    let dir = try TemporaryDirectory("model-store")
    defer { dir.remove() }
    let device = FakeModelDevice()
    let store = Self.store(device, in: dir)
    var registry = SpeechEngineRegistry()
    registry.register(
      EngineDescriptor(id: "whisper", name: "Whisper", models: WhisperModelChoice.all.map(\.id), isOnDevice: true),
      models: WhisperModelChoice.installedModels(files: store.files)
    ) { _ in throw SpeechEngineError("not loaded in this test") }
    #expect(
      registry.route(language: "fr", engine: "whisper", model: "tiny.en")
        == .refused(
          "the speech model tiny.en reads English only; for French, download Base (multilingual) in Utter › Settings › "
            + "Engine"))
    store.networkChanged(.wifi)
    _ = try await store.install("tiny.en")
    #expect(WhisperModelChoice.installedModels(files: store.files).installed() == ["tiny.en"])
    #expect(registry.route(language: "en", engine: "whisper", model: "tiny.en") == .chosen)
  }

  @Test("after an OS update the first load specialises again (Core ML evicted its copies), then single loads")
  func osUpdateSpecialisesAgain() async throws {
    let dir = try TemporaryDirectory("model-store")
    defer { dir.remove() }
    let device = FakeModelDevice()
    let store = Self.store(device, in: dir)
    store.networkChanged(.wifi)
    _ = try await store.install("tiny.en")
    device.systemVersion = "26.1"
    let relaunched = ModelStore(data: DataFolder(root: dir.url), device: device)
    #expect(relaunched.status(of: "tiny.en").phase == .ready)
    #expect(relaunched.needsSpecialization("tiny.en"))
    _ = try await relaunched.engine("tiny.en")
    _ = try await relaunched.engine("tiny.en")
    #expect(device.specializations.count == 2)
    #expect(device.loadedEngines == ["tiny.en", "tiny.en", "tiny.en"])
  }

  /// iOS relaunches Utter in the background for a tiny.en download it ran meanwhile, and the download finishes there.
  static func finishDownloadInBackgroundLaunch(_ store: ModelStore, _ device: FakeModelDevice) async throws {
    try store.files.saveList(Self.listing, id: "tiny.en")
    device.running = ["tiny.en": [:]]
    await store.relaunch()
    #expect(store.status(of: "tiny.en").phase == .downloading(fraction: 0))
    let list = try #require(store.files.list("tiny.en", variant: "tiny.en"))
    device.onStart("tiny.en", list)
    await Self.settle { store.deferredPreparations.contains("tiny.en") }
  }

  @Test("a download that finishes in a background launch waits for the screen to specialise, and loads nothing")
  func backgroundDownloadDefersPreparation() async throws {
    let dir = try TemporaryDirectory("model-store")
    defer { dir.remove() }
    let device = FakeModelDevice()
    let store = Self.store(device, in: dir)
    try await Self.finishDownloadInBackgroundLaunch(store, device)
    #expect(store.deferredPreparations == ["tiny.en"])
    #expect(device.specializations.isEmpty, "nothing is specialised in a launch for download events")
    #expect(device.loadedEngines.isEmpty)
    store.appBecameActive()
    await Self.settle { store.status(of: "tiny.en").phase == .ready }
    #expect(store.status(of: "tiny.en").phase == .ready)
    #expect(device.specializations.count == 1)
    #expect(device.loadedEngines.isEmpty, "no one asked for the engine: it is not loaded")
  }

  @Test("a dictation asking in the background for a deferred model prepares and loads it at once")
  func dictationInBackgroundLoads() async throws {
    let dir = try TemporaryDirectory("model-store")
    defer { dir.remove() }
    let device = FakeModelDevice()
    let store = Self.store(device, in: dir)
    try await Self.finishDownloadInBackgroundLaunch(store, device)
    _ = try await store.engine("tiny.en")
    #expect(store.deferredPreparations.isEmpty)
    #expect(device.specializations.count == 1)
    #expect(device.loadedEngines == ["tiny.en"])
  }

  @Test("a damaged file (wrong SHA-256) is removed, never loaded, and says so")
  func damagedDownload() async throws {
    let dir = try TemporaryDirectory("model-store")
    defer { dir.remove() }
    let device = FakeModelDevice()
    let store = Self.store(device, in: dir)
    device.hashes = ["weight.bin": "0000"]
    store.networkChanged(.wifi)
    await #expect(throws: ModelStoreError("The download was damaged and was removed. Tap Download to fetch it again."))
    {
      _ = try await store.install("tiny.en")
    }
    #expect(store.status(of: "tiny.en").phase == .failed(.damaged))
    #expect(!FileManager.default.fileExists(atPath: store.files.file("tiny.en", "config.json").path))
    #expect(device.loadedEngines.isEmpty)
  }

  @Test("a model that is not downloaded is a one-line error, and nothing loads")
  func missingModel() async throws {
    let dir = try TemporaryDirectory("model-store")
    defer { dir.remove() }
    let device = FakeModelDevice()
    let store = Self.store(device, in: dir)
    await #expect(throws: ModelStoreError("The base.en model is not on this iPhone. Download it in Utter › Settings."))
    {
      _ = try await store.engine("base.en")
    }
    #expect(device.loadedEngines.isEmpty)
  }
}
