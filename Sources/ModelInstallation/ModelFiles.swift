import Foundation
import Storage

/// Where a model's files, its file list and its resume data live in the data folder. Everything is owner-only
/// and excluded from backup (a model is downloaded again on a new phone).
public struct ModelFiles: Sendable {
  public let data: DataFolder

  public init(data: DataFolder) {
    self.data = data
  }

  /// The folder Utter downloads model `id` into.
  public func folder(_ id: String) -> URL { data.model(at: ModelLocation.folderName(for: id)) }
  /// Where the listed file `path` of model `id` goes.
  public func file(_ id: String, _ path: String) -> URL {
    data.model(at: ModelLocation.folderName(for: id), file: path)
  }

  /// The model's file list as saved when its download started.
  public func list(_ id: String, variant: String) -> ModelFileList? {
    guard let listing = try? Data(contentsOf: data.modelFileList(id)) else { return nil }
    return try? ModelFileList(listing: listing, variant: variant)
  }

  public func saveList(_ listing: Data, id: String) throws {
    try write(listing, to: data.modelFileList(id))
  }

  public func isDownloaded(_ file: ModelFileList.File, model: String) -> Bool {
    size(self.file(model, file.path)) == file.size
  }

  /// The size of each listed file on disk (missing files are absent).
  public func sizesOnDisk(_ list: ModelFileList, model: String) -> [String: Int64] {
    var sizes: [String: Int64] = [:]
    for file in list.files {
      if let size = size(self.file(model, file.path)) { sizes[file.path] = size }
    }
    return sizes
  }

  /// Whether every listed file is on disk with its size.
  public func isComplete(_ list: ModelFileList, model: String) -> Bool {
    list.mismatches(sizesOnDisk: sizesOnDisk(list, model: model)).isEmpty
  }

  /// Moves a finished download into the model's folder (replacing an older copy).
  public func keep(_ download: URL, model: String, path: String) throws {
    let target = file(model, path)
    try makeFolder(target.deletingLastPathComponent())
    try? FileManager.default.removeItem(at: target)
    try FileManager.default.moveItem(at: download, to: target)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
  }

  public func saveResumeData(_ data: Data, model: String, path: String) {
    try? write(data, to: self.data.modelResumeData(model, path: path))
  }

  public func resumeData(model: String, path: String) -> Data? {
    try? Data(contentsOf: data.modelResumeData(model, path: path))
  }
  public func dropResumeData(model: String, path: String) {
    try? FileManager.default.removeItem(at: data.modelResumeData(model, path: path))
  }
  public func dropAllResumeData(model: String) { try? FileManager.default.removeItem(at: data.modelResumeData(model)) }

  public func hasResumeData(_ model: String) -> Bool {
    !((try? FileManager.default.contentsOfDirectory(atPath: data.modelResumeData(model).path)) ?? []).isEmpty
  }

  /// Removes the model's folder, list and resume data.
  public func remove(_ id: String) {
    for url in [folder(id), data.modelFileList(id), data.modelResumeData(id)] {
      try? FileManager.default.removeItem(at: url)
    }
  }

  /// Bytes of the files under `url` (a folder or one file); 0 when absent.
  public static func bytes(under url: URL) -> Int64 {
    let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey])
    var total: Int64 = 0
    while let file = files?.nextObject() as? URL {
      total += Int64((try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
    }
    return total
  }

  private func size(_ url: URL) -> Int64? {
    (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
  }

  private func write(_ data: Data, to url: URL) throws {
    try makeFolder(url.deletingLastPathComponent())
    try data.write(to: url, options: .atomic)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
  }

  /// Creates `url` and its parents owner-only; the models folder is excluded from backup.
  public func makeFolder(_ url: URL) throws {
    try FileManager.default.createDirectory(
      at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    var models = data.models
    var values = URLResourceValues()
    values.isExcludedFromBackup = true
    try? models.setResourceValues(values)
  }
}
