import Foundation

/// Paths inside this repository and beside it, for tests.
public enum PackagePaths {
  /// The repository root (found from this file's location).
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A file in the repository.
  public static func file(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

  /// The project's shared material (`../shared` from the repository root), when present.
  public static var shared: URL? {
    let url = root.deletingLastPathComponent().appendingPathComponent("shared")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }
}
