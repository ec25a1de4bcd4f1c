import DictationValues
import Foundation

/// Where the host keeps every dictation (the history database, through the Dictation module).
public protocol DictationArchive: Sendable {
  /// Records a dictation and its 16 kHz audio (kept for retry when the settings keep audio); called before its
  /// result is published. Returns the entry as kept (its row id, its audio's file), nil when history is off.
  @discardableResult
  func record(_ dictation: HistoryEntry, audio: [Float]) throws -> HistoryEntry?
  /// Notes that the keyboard inserted the dictation.
  func markDelivered(id: String) throws
  /// Notes that the user cancelled the dictation after it was recorded: it was never inserted.
  func markCancelled(id: String) throws
  /// Whether dictation `id` is already kept (a spool left by a crash after it was recorded is then done).
  func contains(id: String) -> Bool
}

/// An archive in a JSON Lines file: one dictation per line, then `{"delivered": id}` lines.
public final class JSONLinesArchive: DictationArchive, @unchecked Sendable {
  public let url: URL
  private let lock = NSLock()

  public init(url: URL) {
    self.url = url
  }

  @discardableResult
  public func record(_ dictation: HistoryEntry, audio: [Float]) throws -> HistoryEntry? {
    try append(JSONEncoder().encode(dictation))
    return dictation
  }

  public func markDelivered(id: String) throws {
    try append(JSONEncoder().encode(["delivered": id]))
  }

  public func markCancelled(id: String) throws {
    try append(JSONEncoder().encode(["cancelled": id]))
  }

  public func contains(id: String) -> Bool {
    contents().dictations.contains { $0.uuid == id }
  }

  /// Every dictation recorded, oldest first (those cancelled after, so marked), and the ids marked delivered.
  public func contents() -> (dictations: [HistoryEntry], delivered: Set<String>) {
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    var dictations: [HistoryEntry] = []
    var delivered: Set<String> = []
    for line in text.split(separator: "\n") {
      let data = Data(line.utf8)
      if let entry = try? JSONDecoder().decode(HistoryEntry.self, from: data) {
        dictations.append(entry)
      } else if let mark = try? JSONDecoder().decode([String: String].self, from: data) {
        if let id = mark["delivered"] { delivered.insert(id) }
        if let id = mark["cancelled"], let index = dictations.lastIndex(where: { $0.uuid == id }) {
          dictations[index].status = .cancelled
        }
      }
    }
    return (dictations, delivered)
  }

  private func append(_ line: Data) throws {
    try lock.withLock {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      if !FileManager.default.fileExists(atPath: url.path) {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
      }
      let handle = try FileHandle(forWritingTo: url)
      defer { try? handle.close() }
      try handle.seekToEnd()
      try handle.write(contentsOf: line + Data("\n".utf8))
      try handle.synchronize()
    }
  }
}
