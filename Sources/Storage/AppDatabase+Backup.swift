import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A daily copy of the database (`utter.sqlite.backup`, written with SQLite's `VACUUM INTO`), so that a damaged
/// or emptied file never costs more than a day of history. Deleting history rewrites the copy at once, so a
/// deleted dictation has no second life in it.
extension AppDatabase {
  /// How old the backup may grow before opening the database writes a new one.
  public static let backupInterval: TimeInterval = 24 * 60 * 60

  /// Where the backup of the database file `url` lives.
  public static func backupFile(for url: URL) -> URL {
    URL(fileURLWithPath: url.path + ".backup")
  }

  /// The backup beside this database, or nil for a memory-only store.
  var backupURL: URL? { fileURL.map(Self.backupFile(for:)) }

  /// Whether there is no backup yet, or the one there is older than `backupInterval`.
  var backupIsStale: Bool {
    guard let backupURL else { return false }
    guard let modified = Self.modificationDate(backupURL) else { return true }
    return environment.now().timeIntervalSince(modified) >= Self.backupInterval
  }

  /// Writes a new backup when there is none or the one there is older than `backupInterval`.
  func refreshBackupIfStale() {
    if backupIsStale { writeBackup() }
  }

  /// Replaces the backup with a copy of the database as it is now; a failure (a full disk) keeps the old one.
  /// Returns whether a new backup was written.
  @discardableResult
  public func writeBackup() -> Bool {
    guard let backupURL else { return false }
    let partial = backupURL.path + ".partial"
    unlink(partial)
    // NB: created here, empty and owner-only, without following a link; VACUUM INTO accepts an empty file.
    guard POSIXFile.createOwnerOnly(partial) else { return false }
    do {
      try writer.writeWithoutTransaction { db in
        try db.execute(sql: "VACUUM INTO ?", arguments: [partial])
      }
    } catch {
      unlink(partial)
      return false
    }
    OwnerOnly.restrict(URL(fileURLWithPath: partial))
    guard rename(partial, backupURL.path) == 0 else {
      unlink(partial)
      return false
    }
    return true
  }

  /// Brings the backup up to date after a deletion, if there is one.
  func rewriteBackupAfterDeletion() {
    guard let backupURL, FileManager.default.fileExists(atPath: backupURL.path) else { return }
    if !writeBackup() {
      // Never keep deleted text around: without a fresh copy, no copy at all.
      unlink(backupURL.path)
    }
  }

  static func modificationDate(_ url: URL) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
  }
}

/// System calls whose names `AppDatabase`'s own `open` and `close` would hide.
private enum POSIXFile {
  /// Creates an empty mode-0600 file at `path`; fails if anything (a link included) is already there.
  static func createOwnerOnly(_ path: String) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return false }
    close(fd)
    return true
  }
}
