import Foundation

/// The app's own data folder, which the keyboard never reads: the history database, kept audio, the spool of
/// dictations being recorded, and speech models. `--data-dir` for the CLI; Application Support on iOS.
public struct DataFolder: Sendable, Hashable {
  public let root: URL

  public init(root: URL) {
    self.root = root
  }

  /// The SQLite database (history, dictionary, settings).
  public var database: URL { root.appendingPathComponent("utter.sqlite") }
  /// Audio of finished dictations, kept for retry while the settings keep audio.
  public var audio: URL { root.appendingPathComponent("audio", isDirectory: true) }
  /// Audio of dictations being recorded (`<id>.pcm` and `<id>.json`), so that a crash loses nothing.
  public var spool: URL { root.appendingPathComponent("spool", isDirectory: true) }
  /// Downloaded speech models, each in a folder named by its model id (stored relative to this folder, so a moved
  /// container still finds them).
  public var models: URL { root.appendingPathComponent("models", isDirectory: true) }

  /// The folder of model `relativePath` (as stored by the model store).
  public func model(at relativePath: String) -> URL {
    models.appendingPathComponent(relativePath, isDirectory: true)
  }

  /// The file `path` (as the model's file list names it, folders included) of model `relativePath`.
  public func model(at relativePath: String, file path: String) -> URL {
    model(at: relativePath).appendingPathComponent(path)
  }

  /// The file list saved when model `id`'s download started (`models/.lists/<id>.json`).
  public func modelFileList(_ id: String) -> URL {
    models.appendingPathComponent(".lists", isDirectory: true).appendingPathComponent("\(id).json")
  }

  /// Resume data of model `id`'s download (`models/.resume/<id>`), one file per listed file.
  public func modelResumeData(_ id: String) -> URL {
    models.appendingPathComponent(".resume", isDirectory: true).appendingPathComponent(id, isDirectory: true)
  }

  /// The resume data of `path` (a listed file, folders included) in model `id`'s download.
  public func modelResumeData(_ id: String, path: String) -> URL {
    modelResumeData(id).appendingPathComponent(path.replacingOccurrences(of: "/", with: "__") + ".resume")
  }

  #if canImport(Darwin)
    /// The app's data folder on iOS: `Application Support/Utter`.
    public static func applicationSupport() -> DataFolder {
      let support =
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        ?? FileManager.default.temporaryDirectory
      return DataFolder(root: support.appendingPathComponent("Utter", isDirectory: true))
    }
  #endif
}
