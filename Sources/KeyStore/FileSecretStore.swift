import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keys in one JSON file readable by its owner only (mode 0600), for the CLI on Linux and macOS.
///
/// The file is written atomically (a 0600 temporary file renamed over it), so it is never readable by others,
/// not even for an instant. A missing parent folder is created with mode 0700. A file found with a wider mode
/// is narrowed to 0600 before use (see `checkPermissions()`); a file owned by another user, a symbolic link
/// or one that cannot be narrowed is refused.
public struct FileSecretStore: SecretStore {
  /// The file's name inside the user-data folder.
  public static let fileName = "keys.json"

  public let fileURL: URL

  /// A store at `fileURL`.
  public init(fileURL: URL) {
    self.fileURL = fileURL
  }

  /// A store at `directory/keys.json`.
  public init(directory: URL) {
    self.init(fileURL: directory.appendingPathComponent(Self.fileName))
  }

  /// What `checkPermissions()` found.
  public enum PermissionCheck: Sendable, Hashable {
    /// There is no file yet.
    case absent
    /// The file's mode was already 0600 or narrower.
    case ok
    /// The file was readable or writable by others (`previousMode`) and is now 0600.
    case repaired(previousMode: UInt16)
  }

  /// Checks the file's owner, type and mode, narrowing a wider mode to 0600; throws when the file must not
  /// be used.
  @discardableResult public func checkPermissions() throws -> PermissionCheck {
    var info = stat()
    guard lstat(fileURL.path, &info) == 0 else {
      if errno == ENOENT { return .absent }
      throw SecretStoreError("cannot read \(fileURL.path): \(String(cString: strerror(errno)))")
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw SecretStoreError("\(fileURL.path) is not a regular file; refusing to read keys from it")
    }
    guard info.st_uid == getuid() else {
      throw SecretStoreError("\(fileURL.path) belongs to another user; refusing to read keys from it")
    }
    let mode = UInt16(info.st_mode & 0o777)
    guard mode & 0o077 != 0 else { return .ok }
    guard chmod(fileURL.path, 0o600) == 0 else {
      throw SecretStoreError(
        "\(fileURL.path) is readable by others (mode \(String(mode, radix: 8))) and cannot be fixed; run chmod 600 on it"
      )
    }
    return .repaired(previousMode: mode)
  }

  public func get(_ provider: String) throws -> String? {
    let name = try ProviderName.normalized(provider)
    return try Self.lock.withLock { try read()[name] }
  }

  public func set(_ key: String, for provider: String) throws {
    let name = try ProviderName.normalized(provider)
    let value = try KeyValidation.cleaned(key)
    try Self.lock.withLock {
      var keys = try read()
      keys[name] = value
      try write(keys)
    }
  }

  @discardableResult public func remove(_ provider: String) throws -> Bool {
    let name = try ProviderName.normalized(provider)
    return try Self.lock.withLock {
      var keys = try read()
      guard keys.removeValue(forKey: name) != nil else { return false }
      try write(keys)
      return true
    }
  }

  public func list() throws -> [String] {
    try Self.lock.withLock { try read().keys.sorted() }
  }

  // MARK: File format and atomic writes

  /// Serialises read-modify-write cycles within this process.
  private static let lock = NSLock()

  private struct Contents: Codable {
    var version: Int
    var keys: [String: String]
  }

  private func read() throws -> [String: String] {
    guard try checkPermissions() != .absent else { return [:] }
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch {
      throw SecretStoreError("cannot read \(fileURL.path)")
    }
    if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A }) { return [:] }
    guard let contents = try? JSONDecoder().decode(Contents.self, from: data) else {
      throw SecretStoreError("\(fileURL.path) is not a valid keys file; fix or delete it")
    }
    return contents.keys
  }

  private func write(_ keys: [String: String]) throws {
    let directory = fileURL.deletingLastPathComponent()
    if !FileManager.default.fileExists(atPath: directory.path) {
      do {
        try FileManager.default.createDirectory(
          at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw SecretStoreError("cannot create \(directory.path)")
      }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data: Data
    do {
      data = try encoder.encode(Contents(version: 1, keys: keys))
    } catch {
      throw SecretStoreError("cannot encode the keys file")
    }
    let temporary = directory.appendingPathComponent(".\(Self.fileName).\(UUID().uuidString.prefix(8)).tmp")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else {
      throw SecretStoreError("cannot write in \(directory.path): \(String(cString: strerror(errno)))")
    }
    var failure: String?
    if fchmod(descriptor, 0o600) != 0 { failure = "cannot set the file mode" }
    if failure == nil {
      let written = data.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        var offset = 0
        while offset < buffer.count {
          let count = posixWrite(descriptor, base + offset, buffer.count - offset)
          if count <= 0 { return offset }
          offset += count
        }
        return offset
      }
      if written != data.count { failure = "the disk refused the write" }
    }
    if failure == nil && fsync(descriptor) != 0 { failure = "the disk refused the write" }
    close(descriptor)
    if failure == nil && rename(temporary.path, fileURL.path) != 0 {
      failure = String(cString: strerror(errno))
    }
    if let failure {
      unlink(temporary.path)
      throw SecretStoreError("cannot save \(fileURL.path): \(failure)")
    }
  }
}

/// `write(2)`, named apart from `FileSecretStore.write(_:)`.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    return Glibc.write(descriptor, buffer, count)
  #else
    return Darwin.write(descriptor, buffer, count)
  #endif
}
