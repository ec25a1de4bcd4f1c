import Foundation

/// The files of one WhisperKit model in `argmaxinc/whisperkit-coreml`, as the Hugging Face Hub's tree listing
/// names them: what the app downloads, how far along it is, and whether what is on disk is the whole model.
public struct ModelFileList: Sendable, Hashable {
  /// One file, by its path inside the model's folder.
  public struct File: Sendable, Hashable {
    public var path: String
    public var size: Int64
    /// SHA-256 of a large (LFS) file, as the Hub lists it.
    public var sha256: String?

    public init(path: String, size: Int64, sha256: String? = nil) {
      self.path = path
      self.size = size
      self.sha256 = sha256
    }
  }

  /// The Hub repository WhisperKit's models come from.
  public static let repository = "argmaxinc/whisperkit-coreml"
  static let hub = "https://huggingface.co"

  /// The model's folder in the repository, e.g. `openai_whisper-base.en`.
  public let folder: String
  public let files: [File]

  public init(folder: String, files: [File]) {
    self.folder = folder
    self.files = files
  }

  /// The repository folder of WhisperKit `variant`.
  public static func folder(forVariant variant: String) -> String { "openai_whisper-\(variant)" }

  /// The Hub's listing of every file under the folder of `variant`.
  public static func listingURL(variant: String) -> URL? {
    URL(string: "\(hub)/api/models/\(repository)/tree/main/\(folder(forVariant: variant))?recursive=true")
  }

  /// Reads the Hub's listing (a JSON array of entries with `type`, `path`, `size` and, for large files, `lfs`).
  public init(listing: Data, variant: String) throws {
    struct Entry: Decodable {
      struct LFS: Decodable {
        var oid: String
      }
      var type: String
      var path: String
      var size: Int64?
      var lfs: LFS?
    }
    let folder = Self.folder(forVariant: variant)
    let entries: [Entry]
    do {
      entries = try JSONDecoder().decode([Entry].self, from: listing)
    } catch {
      throw ModelFileListError("The model list from Hugging Face could not be read. Try again later.")
    }
    let prefix = folder + "/"
    let files = entries.compactMap { entry -> File? in
      guard entry.type == "file", entry.path.hasPrefix(prefix), let size = entry.size, size >= 0 else { return nil }
      let path = String(entry.path.dropFirst(prefix.count))
      guard !path.split(separator: "/").contains("..") else { return nil }
      return File(path: path, size: size, sha256: entry.lfs?.oid)
    }
    guard !files.isEmpty else {
      throw ModelFileListError("Hugging Face lists no files for the \(variant) model. Try again later.")
    }
    self.init(folder: folder, files: files.sorted { $0.path < $1.path })
  }

  /// Where `file` is downloaded from.
  public func url(of file: File) -> URL? {
    let path = (folder + "/" + file.path).split(separator: "/").map {
      String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
    }
    return URL(string: "\(Self.hub)/\(Self.repository)/resolve/main/\(path.joined(separator: "/"))")
  }

  public var totalBytes: Int64 { files.reduce(0) { $0 + $1.size } }

  /// The fraction downloaded, from the bytes received per file path (a finished file counts whole).
  public func fraction(received: [String: Int64]) -> Double {
    let total = totalBytes
    guard total > 0 else { return 0 }
    let done = files.reduce(Int64(0)) { sum, file in sum + min(max(received[file.path] ?? 0, 0), file.size) }
    return Double(done) / Double(total)
  }

  /// The paths of files missing from `sizesOnDisk` or of another size; empty when the model is whole.
  public func mismatches(sizesOnDisk: [String: Int64]) -> [String] {
    files.filter { sizesOnDisk[$0.path] != $0.size }.map(\.path)
  }
}

/// A one-line error about the model list.
public struct ModelFileListError: Error, CustomStringConvertible, Sendable {
  public let description: String
  public init(_ description: String) { self.description = description }
}
