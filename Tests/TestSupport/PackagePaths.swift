import Foundation

/// Paths inside this repository and beside it, for tests.
public enum PackagePaths {
  /// The repository root (found from this file's location).
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A file in the repository.
  public static func file(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }
}
