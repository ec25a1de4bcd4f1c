import DictationValues
import Foundation

/// Spooled dictation audio under the data folder's `audio/`, addressed by relative paths.
enum AudioFiles {
  /// The file for `relativePath` inside `directory`, or nil when the path would leave it (absolute, `..`).
  static func url(for relativePath: String, in directory: URL) -> URL? {
    guard !relativePath.isEmpty, !relativePath.hasPrefix("/") else { return nil }
    let components = relativePath.split(separator: "/")
    guard !components.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
    let candidate = directory.appendingPathComponent(relativePath).standardizedFileURL
    let root = directory.standardizedFileURL.path
    guard candidate.path.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return nil }
    return candidate
  }

  /// Deletes the files for `relativePaths` inside `directory`; returns how many were removed.
  @discardableResult
  static func remove(_ relativePaths: [String], in directory: URL?) -> Int {
    guard let directory else { return 0 }
    var removed = 0
    for path in relativePaths {
      guard let url = url(for: path, in: directory) else { continue }
      if (try? FileManager.default.removeItem(at: url)) != nil { removed += 1 }
    }
    return removed
  }
}

extension AppDatabase {
  /// The spooled audio file of `entry`, when it has one inside the audio folder.
  public func audioURL(for entry: HistoryEntry) -> URL? {
    guard let path = entry.audioPath, let directory = audioDirectory else { return nil }
    return AudioFiles.url(for: path, in: directory)
  }
}
