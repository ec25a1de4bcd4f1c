import Foundation

/// How a downloaded model's folder is recorded: as a path relative to the models folder, because the app's
/// container path changes between installs and updates (an absolute path then points nowhere).
public enum ModelLocation {
  /// The folder Utter downloads model `id` into, relative to the models folder.
  public static func folderName(for id: String) -> String { id }

  /// The path to record for `folder`: relative to `models`, or nil when `folder` is not inside it.
  public static func relativePath(of folder: URL, in models: URL) -> String? {
    let base = models.standardizedFileURL.path
    let path = folder.standardizedFileURL.path
    guard path.hasPrefix(base + "/") else { return nil }
    return checked(String(path.dropFirst(base.count + 1)))
  }

  /// A recorded path as a relative one. An absolute path written by an older version (which stored WhisperKit's
  /// absolute folder) keeps what follows its data folder's `models/`, which still names the folder in the moved
  /// container; nil when the record cannot be read that way.
  public static func migrated(_ recorded: String, dataFolderName: String) -> String? {
    guard recorded.hasPrefix("/") else { return checked(recorded) }
    let marker = "/\(dataFolderName)/models/"
    guard let range = recorded.range(of: marker, options: .backwards) else { return nil }
    return checked(String(recorded[range.upperBound...]))
  }

  /// `path` if it stays inside the models folder (no `..`, not empty).
  private static func checked(_ path: String) -> String? {
    let parts = path.split(separator: "/")
    guard !parts.isEmpty, !parts.contains(".."), !parts.contains(".") else { return nil }
    return parts.joined(separator: "/")
  }
}
