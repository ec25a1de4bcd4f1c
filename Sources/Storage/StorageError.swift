import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A storage failure explained in one line a user can act on.
public struct StorageError: Error, CustomStringConvertible, Sendable, Equatable {
  /// What went wrong, broadly.
  public enum Kind: String, Sendable {
    case diskFull, readOnly, cannotOpen, damaged, notFound, invalidInput, failed
  }

  public var kind: Kind
  /// One line for the user, e.g. `storing failed: the disk is full`.
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }

  /// There is no history entry with row id or uuid `id`.
  public static func noHistoryEntry(_ id: String) -> StorageError { StorageError(.notFound, "no history entry \(id)") }

  /// Translates a SQLite error met while doing `action` in `folder` into a clear line; when the folder's file
  /// system has no space left, that is the explanation, whatever SQLite's code (a full disk often shows as an
  /// input/output error or a file that cannot be opened).
  static func from(_ error: any Error, action: String, folder: URL?) -> StorageError {
    let base = from(error, action: action)
    guard base.kind == .failed || base.kind == .cannotOpen, let folder, FreeSpace.isExhausted(folder) else {
      return base
    }
    return StorageError(.diskFull, "\(action): the disk is full")
  }

  /// Translates a SQLite error met while doing `action` (e.g. "storing failed") into a clear line.
  static func from(_ error: any Error, action: String) -> StorageError {
    if let error = error as? StorageError { return error }
    guard let error = error as? DatabaseError else {
      return StorageError(.failed, "\(action): \(error.localizedDescription)")
    }
    switch error.resultCode {
    case .SQLITE_FULL:
      return StorageError(.diskFull, "\(action): the disk is full")
    case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
      return StorageError(.readOnly, "\(action): the database is read-only")
    case .SQLITE_CANTOPEN:
      return StorageError(.cannotOpen, "\(action): cannot open the database file")
    case .SQLITE_CORRUPT, .SQLITE_NOTADB:
      return StorageError(.damaged, "\(action): the database file is damaged")
    case .SQLITE_IOERR:
      return StorageError(.failed, "\(action): disk input/output error")
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      return StorageError(.failed, "\(action): the database is busy in another process")
    default:
      return StorageError(.failed, "\(action): \(error.message ?? "SQLite error \(error.resultCode.rawValue)")")
    }
  }
}

/// Whether a file system has room left.
enum FreeSpace {
  /// Whether the file system holding `folder` has less than a database page or two free for an ordinary user.
  static func isExhausted(_ folder: URL) -> Bool {
    var info = statvfs()
    guard statvfs(folder.path, &info) == 0 else { return false }
    return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 16 * 1024
  }
}
