import Foundation
import ModelInstallation
import Storage
import Testing

@Suite("Free space, sizes in words, and where a model's folder is recorded")
struct ModelSpaceTests {
  @Test("a model needs 2.5 × its size free: download, compiled copy and headroom")
  func needed() {
    #expect(ModelSpace.needed(forModelBytes: 75_000_000) == 187_500_000)
    #expect(ModelSpace.needed(forModelBytes: 632_000_000) == 1_580_000_000)
    #expect(ModelSpace.needed(forModelBytes: -5) == 0)
    #expect(WhisperModelChoice.choice(id: "large-v3-turbo")?.bytes == 632_000_000)
  }

  @Test("refusal is one line naming the model, what it needs and what is free; enough space is no refusal")
  func refusal() {
    #expect(
      ModelSpace.refusal(name: "whisper tiny.en", modelBytes: 75_000_000, freeBytes: 1_000_000)
        == "Not enough free space: whisper tiny.en needs 188 MB free and 1 MB is free.")
    #expect(ModelSpace.refusal(name: "whisper tiny.en", modelBytes: 75_000_000, freeBytes: 187_500_000) == nil)
  }

  @Test(
    "sizes read as the Settings app shows them",
    arguments: [
      (Int64(0), "0 bytes"), (999, "999 bytes"), (1_500, "2 KB"), (466_000_000, "466 MB"), (999_400_000, "999 MB"),
      (1_000_000_000, "1 GB"), (1_580_000_000, "1.6 GB"), (12_340_000_000, "12.3 GB"),
    ])
  func sizes(bytes: Int64, text: String) {
    #expect(ByteSize.text(bytes) == text)
  }

  @Test("a folder is recorded relative to the models folder; outside it there is nothing to record")
  func relativePath() {
    let models = URL(fileURLWithPath: "/data/Utter/models", isDirectory: true)
    #expect(
      ModelLocation.relativePath(of: models.appendingPathComponent("small.en", isDirectory: true), in: models)
        == "small.en")
    #expect(
      ModelLocation.relativePath(
        of: URL(fileURLWithPath: "/data/Utter/models/models/argmaxinc/whisperkit-coreml/openai_whisper-base"),
        in: models) == "models/argmaxinc/whisperkit-coreml/openai_whisper-base")
    #expect(ModelLocation.relativePath(of: URL(fileURLWithPath: "/elsewhere/base"), in: models) == nil)
    #expect(ModelLocation.relativePath(of: models, in: models) == nil)
  }

  @Test("an absolute path from an older version becomes relative; a relative one stays; an escape is refused")
  func migration() {
    let old =
      "/var/mobile/Containers/Data/Application/0D6A/Library/Application Support/Utter/models/models/argmaxinc/"
      + "whisperkit-coreml/openai_whisper-base.en"
    #expect(
      ModelLocation.migrated(old, dataFolderName: "Utter")
        == "models/argmaxinc/whisperkit-coreml/openai_whisper-base.en")
    #expect(ModelLocation.migrated("small.en", dataFolderName: "Utter") == "small.en")
    #expect(ModelLocation.migrated("/private/var/other/base.en", dataFolderName: "Utter") == nil)
    #expect(ModelLocation.migrated("../../Documents", dataFolderName: "Utter") == nil)
    #expect(ModelLocation.migrated("", dataFolderName: "Utter") == nil)
  }
}

@Suite("A WhisperKit model's file list from the Hub")
struct ModelFileListTests {
  static let listing = """
    [
      {"type": "directory", "oid": "a", "size": 0, "path": "openai_whisper-base.en/AudioEncoder.mlmodelc"},
      {"type": "file", "oid": "b", "size": 40000000, "path": "openai_whisper-base.en/AudioEncoder.mlmodelc/weights/weight.bin",
       "lfs": {"oid": "5f1c", "size": 40000000, "pointerSize": 134}},
      {"type": "file", "oid": "c", "size": 1000, "path": "openai_whisper-base.en/config.json"},
      {"type": "file", "oid": "d", "size": 9000, "path": "openai_whisper-base.en/TextDecoder.mlmodelc/model.mil"},
      {"type": "file", "oid": "e", "size": 7, "path": "openai_whisper-base.en/../escape"},
      {"type": "file", "oid": "f", "size": 7, "path": "openai_whisper-base/config.json"}
    ]
    """

  @Test("the listing keeps the variant's files with their sizes and checksums, sorted, and nothing outside it")
  func reads() throws {
    let list = try ModelFileList(listing: Data(Self.listing.utf8), variant: "base.en")
    #expect(list.folder == "openai_whisper-base.en")
    #expect(
      list.files == [
        .init(path: "AudioEncoder.mlmodelc/weights/weight.bin", size: 40_000_000, sha256: "5f1c"),
        .init(path: "TextDecoder.mlmodelc/model.mil", size: 9000),
        .init(path: "config.json", size: 1000),
      ])
    #expect(list.totalBytes == 40_010_000)
    #expect(
      list.url(of: list.files[0])?.absoluteString
        == "https://huggingface.co/argmaxinc/whisperkit-coreml/resolve/main/openai_whisper-base.en/AudioEncoder.mlmodelc/weights/weight.bin"
    )
    #expect(
      ModelFileList.listingURL(variant: "large-v3-v20240930_turbo_632MB")?.absoluteString
        == "https://huggingface.co/api/models/argmaxinc/whisperkit-coreml/tree/main/openai_whisper-large-v3-v20240930_turbo_632MB?recursive=true"
    )
  }

  @Test("progress counts bytes across files, a finished file whole, never past its size")
  func progress() throws {
    let list = try ModelFileList(listing: Data(Self.listing.utf8), variant: "base.en")
    #expect(list.fraction(received: [:]) == 0)
    #expect(list.fraction(received: ["AudioEncoder.mlmodelc/weights/weight.bin": 20_005_000]) == 0.5)
    #expect(
      list.fraction(received: [
        "AudioEncoder.mlmodelc/weights/weight.bin": 99_000_000, "TextDecoder.mlmodelc/model.mil": 9000,
        "config.json": 1000,
      ]) == 1)
  }

  @Test("verification names each missing or wrong-sized file")
  func verification() throws {
    let list = try ModelFileList(listing: Data(Self.listing.utf8), variant: "base.en")
    let whole: [String: Int64] = [
      "AudioEncoder.mlmodelc/weights/weight.bin": 40_000_000, "TextDecoder.mlmodelc/model.mil": 9000,
      "config.json": 1000,
    ]
    #expect(list.mismatches(sizesOnDisk: whole) == [])
    var short = whole
    short["config.json"] = nil
    short["TextDecoder.mlmodelc/model.mil"] = 10
    #expect(list.mismatches(sizesOnDisk: short) == ["TextDecoder.mlmodelc/model.mil", "config.json"])
  }

  @Test("a listing that is not JSON, or lists nothing for the variant, is one line")
  func badListing() {
    #expect(throws: ModelFileListError.self) { try ModelFileList(listing: Data("<html>".utf8), variant: "base.en") }
    do {
      _ = try ModelFileList(listing: Data(Self.listing.utf8), variant: "small")
      Issue.record("an empty list was accepted")
    } catch {
      #expect("\(error)" == "Hugging Face lists no files for the small model. Try again later.")
    }
  }
}

@Suite("Where a model download keeps its files")
struct ModelDownloadLayoutTests {
  @Test("the file list and resume data live beside the models, one resume file per listed file; compiled parts by name")
  func layout() {
    let data = DataFolder(root: URL(fileURLWithPath: "/data"))
    #expect(data.modelFileList("small.en").path == "/data/models/.lists/small.en.json")
    #expect(
      data.model(at: "small.en", file: "AudioEncoder.mlmodelc/weights/weight.bin").path
        == "/data/models/small.en/AudioEncoder.mlmodelc/weights/weight.bin")
    #expect(data.modelResumeData("small.en").path == "/data/models/.resume/small.en")
    #expect(
      data.modelResumeData("small.en", path: "AudioEncoder.mlmodelc/weights/weight.bin").lastPathComponent
        == "AudioEncoder.mlmodelc__weights__weight.bin.resume")
    let folder = URL(fileURLWithPath: "/data/models/small.en")
    #expect(
      EnginePlacement.Component.allCases.map { $0.compiledModel(in: folder).lastPathComponent }
        == ["MelSpectrogram.mlmodelc", "AudioEncoder.mlmodelc", "TextDecoder.mlmodelc"])
  }
}
