import Foundation

/// A fresh folder under the system's temporary folder, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
  public let url: URL

  public init(_ label: String = "utter-test") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  public func path(_ component: String) -> URL { url.appendingPathComponent(component) }

  public func remove() { try? FileManager.default.removeItem(at: url) }
}
