import AudioInput
import Foundation
import SpeechEngine
import TestSupport
import Testing

@testable import WhisperEngine

@Suite("Added whisper.cpp models", .serialized)
struct AddedWhisperModelsTests {
  @Test("an added model is copied owner-only, listed, refused a second time under its id, and removed")
  func addListRemove() throws {
    let dir = try TemporaryDirectory("added-models")
    defer { dir.remove() }
    let source = dir.path("ggml-small-test.bin")
    try syntheticGGML().write(to: source)
    let models = AddedWhisperModels(dataDirectory: dir.path("data"))
    let id = AddedWhisperModels.defaultID(for: source)
    #expect(id == "small-test")
    let added = try models.add(source, id: id)
    #expect(try models.list().map(\.id) == ["small-test"])
    #expect(try Data(contentsOf: models.url(of: added)) == (try Data(contentsOf: source)))
    #expect(added.header.isEnglishOnly && added.sha256.count == 64)
    let fileMode = try FileManager.default.attributesOfItem(atPath: models.url(of: added).path)[.posixPermissions]
    let folderMode = try FileManager.default.attributesOfItem(atPath: models.directory.path)[.posixPermissions]
    #expect(fileMode as? Int == 0o600 && folderMode as? Int == 0o700)
    #expect(throws: SpeechEngineLoadError.self) { try models.add(source, id: id) }
    #expect(throws: SpeechEngineLoadError.self) { try models.add(source, id: "tiny.en") }
    #expect(throws: SpeechEngineLoadError.self) { try models.add(source, id: "../escape") }
    #expect(try models.remove(id: id))
    #expect(try models.list().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: models.url(of: added).path))
  }

  @Test("a file that is not a model is refused and nothing is copied")
  func refused() throws {
    let dir = try TemporaryDirectory("added-models")
    defer { dir.remove() }
    try Data("not a model".utf8).write(to: dir.path("notes.txt"))
    let models = AddedWhisperModels(dataDirectory: dir.path("data"))
    #expect(throws: GGMLFileError.self) { try models.add(dir.path("notes.txt"), id: "notes") }
    #expect(try models.list().isEmpty)
  }

  @Test("tiny.en exported as a ggml file and added reads a LibriVox sentence as the shipped model does")
  func exportedModelReads() async throws {
    guard let shipped = try installedEngine() else { return }
    let dir = try TemporaryDirectory("added-models")
    defer { dir.remove() }
    let installation = EngineInstallation(directory: engineDirectory())
    let header = try WhisperEngine.exportGGML(
      WhisperCatalog.tinyEnglish, installation: installation, to: dir.path("ggml-tiny.en.bin"))
    #expect(header.summary.hasPrefix("Whisper tiny, English only, q8_0"))
    let models = AddedWhisperModels(dataDirectory: dir.path("data"))
    let added = try models.add(dir.path("ggml-tiny.en.bin"), id: "mine")
    let engine = try WhisperEngine(added: added, file: models.url(of: added), installation: installation)
    #expect(engine.model == "mine" && engine.isEnglishOnly)
    let url = EngineFixtures.pocketsphinxData.appendingPathComponent(
      "librivox/sense_and_sensibility_01_austen_64kb-0920.wav")
    let samples = try EngineFixtures.readPCM16(url)
    let ours = try await engine.transcribe(samples, options: .init(beamSize: 5))
    let theirs = try await shipped.transcribe(samples, options: .init(beamSize: 5))
    #expect(ours.text == theirs.text)
    #expect(ours.model == "mine")
  }

  @Test("a registered model's file damaged after it was added is one line naming the model, not a crash")
  func damagedAfterAdding() throws {
    let dir = try TemporaryDirectory("added-models")
    defer { dir.remove() }
    try syntheticGGML().write(to: dir.path("ggml-x.bin"))
    let models = AddedWhisperModels(dataDirectory: dir.path("data"))
    let added = try models.add(dir.path("ggml-x.bin"), id: "x")
    try Data(try Data(contentsOf: models.url(of: added)).prefix(100)).write(to: models.url(of: added))
    let error = #expect(throws: SpeechEngineLoadError.self) {
      _ = try WhisperEngine(
        added: added, file: models.url(of: added), installation: EngineInstallation(directory: engineDirectory()))
    }
    #expect(error?.description.hasPrefix("the added model 'x' (") == true)
    #expect(error?.description.contains("cut short: it ends after 100 bytes") == true)
  }

  @Test(
    "a file whose headers are sound but whose tensors whisper.cpp does not know is refused by whisper.cpp, in one line")
  func whisperJudges() throws {
    guard try installedEngine() != nil else { return }
    let dir = try TemporaryDirectory("added-models")
    defer { dir.remove() }
    try syntheticGGML().write(to: dir.path("ggml-x.bin"))
    let models = AddedWhisperModels(dataDirectory: dir.path("data"))
    let added = try models.add(dir.path("ggml-x.bin"), id: "x")
    let error = #expect(throws: SpeechEngineLoadError.self) {
      _ = try WhisperEngine(
        added: added, file: models.url(of: added), installation: EngineInstallation(directory: engineDirectory()))
    }
    #expect(error?.description == "whisper.cpp could not load the added model 'x' (\(models.url(of: added).path))")
  }
}
