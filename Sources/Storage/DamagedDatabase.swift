import Foundation
import GRDB

/// Recognises a damaged database file and moves it (with its journal files) out of the way.
enum DamagedDatabase {
  /// Whether `error` means the file is not a usable SQLite database.
  static func isDamage(_ error: DatabaseError) -> Bool {
    error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
  }

  /// The 16 bytes every SQLite 3 database file starts with.
  static let headerMagic = Data("SQLite format 3\0".utf8)

  /// Whether the file at `url` starts like an SQLite database, so that moving it aside loses nothing that
  /// was not ours: a file of any other kind is never renamed.
  static func looksLikeSQLite(_ url: URL) -> Bool {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: headerMagic.count)) ?? Data()
    return head == headerMagic
  }

  /// Renames `url` to `NAME.corrupt-<UTC timestamp>` (its `-wal` alongside) and removes its `-shm`.
  /// Returns where the damaged file went.
  static func moveAside(_ url: URL, now: Date) throws -> URL {
    let files = FileManager.default
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    var target = url.appendingPathExtension("corrupt-\(formatter.string(from: now))")
    var counter = 1
    while files.fileExists(atPath: target.path) {
      counter += 1
      target = url.appendingPathExtension("corrupt-\(formatter.string(from: now))-\(counter)")
    }
    try files.moveItem(at: url, to: target)
    let wal = URL(fileURLWithPath: url.path + "-wal")
    if files.fileExists(atPath: wal.path) {
      try? files.moveItem(at: wal, to: URL(fileURLWithPath: target.path + "-wal"))
    }
    try? files.removeItem(at: URL(fileURLWithPath: url.path + "-shm"))
    return target
  }
}
