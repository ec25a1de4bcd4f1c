import Crypto
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bearer tokens a server accepts: `UTTER_SERVER_TOKEN` (one, or several separated by commas) and those made with
/// `utter serve tokens add`, kept as SHA-256 hashes in `server-tokens.json` (mode 0600) in the data folder. A token
/// itself is shown once, when it is made, and never stored or logged.
public struct ServerTokens: Sendable {
  /// The file's name inside the data folder.
  public static let fileName = "server-tokens.json"
  /// The environment variable holding tokens.
  public static let environmentVariable = "UTTER_SERVER_TOKEN"

  /// A token made with `add`, as kept: its name and hash, never the token.
  public struct Entry: Codable, Sendable, Hashable {
    public var name: String
    /// Hex SHA-256 of the token.
    public var sha256: String
    public var created: Date
  }

  public let fileURL: URL
  /// Hashes of the environment's tokens.
  let environmentHashes: [String]

  /// The tokens of `dataDirectory`'s file and of `environment`.
  public init(dataDirectory: URL, environment: [String: String] = [:]) {
    fileURL = dataDirectory.appendingPathComponent(Self.fileName)
    environmentHashes = (environment[Self.environmentVariable] ?? "").split(separator: ",")
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map(Self.hash)
  }

  /// The hex SHA-256 of `token`.
  public static func hash(_ token: String) -> String {
    SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
  }

  /// Whether any token is set (a server without one would refuse every request).
  public func isEmpty() throws -> Bool {
    try environmentHashes.isEmpty && entries().isEmpty
  }

  /// The tokens made with `add`, oldest first.
  public func entries() throws -> [Entry] {
    guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
    let data: Data
    do { data = try Data(contentsOf: fileURL) } catch {
      throw ServerTokenError("cannot read \(fileURL.path): \(error.localizedDescription)")
    }
    do {
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      return try decoder.decode([Entry].self, from: data)
    } catch {
      throw ServerTokenError("\(fileURL.path) is not a token file")
    }
  }

  /// Makes a token named `name` (letters, digits, `-`, `_`, `.`), keeps its hash and returns the token.
  public func add(name: String, now: Date = Date()) throws -> String {
    guard !name.isEmpty, name.count <= 64,
      name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) })
    else {
      throw ServerTokenError("a token name is 1 to 64 letters, digits, '-', '_' or '.', not '\(name)'")
    }
    var entries = try entries()
    guard !entries.contains(where: { $0.name == name }) else {
      throw ServerTokenError("there is already a token named '\(name)'; revoke it first")
    }
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let token = "utt_" + bytes.map { String(format: "%02x", $0) }.joined()
    entries.append(Entry(name: name, sha256: Self.hash(token), created: now))
    try write(entries)
    return token
  }

  /// Forgets the token named `name`; false when there is none.
  @discardableResult public func revoke(name: String) throws -> Bool {
    var entries = try entries()
    guard let index = entries.firstIndex(where: { $0.name == name }) else { return false }
    entries.remove(at: index)
    try write(entries)
    return true
  }

  /// Whether `token` is one of the accepted tokens (compared by hash, every hash looked at).
  public func accepts(_ token: String, fileHashes: [String]) -> Bool {
    let presented = Array(Self.hash(token).utf8)
    var found = false
    for hash in environmentHashes + fileHashes {
      let known = Array(hash.utf8)
      guard known.count == presented.count else { continue }
      var difference: UInt8 = 0
      for (a, b) in zip(known, presented) { difference |= a ^ b }
      if difference == 0 { found = true }
    }
    return found
  }

  private func write(_ entries: [Entry]) throws {
    let folder = fileURL.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      encoder.dateEncodingStrategy = .iso8601
      let data = try encoder.encode(entries)
      // NB: written to a 0600 temporary file and renamed, so the hashes are never readable by others, even briefly.
      let temporary = folder.appendingPathComponent(".\(Self.fileName).\(UUID().uuidString)")
      let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      guard fd >= 0 else {
        throw ServerTokenError("cannot write \(temporary.path): \(String(cString: strerror(errno)))")
      }
      let written = data.withUnsafeBytes { writeBytes(fd, $0.baseAddress, $0.count) }
      fsync(fd)
      close(fd)
      guard written == data.count, rename(temporary.path, fileURL.path) == 0 else {
        unlink(temporary.path)
        throw ServerTokenError("cannot write \(fileURL.path)")
      }
    } catch let error as ServerTokenError {
      throw error
    } catch {
      throw ServerTokenError("cannot write \(fileURL.path): \(error.localizedDescription)")
    }
  }
}

private func writeBytes(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, buffer, count)
}

/// A token file that cannot be used, or a bad token name, in one line.
public struct ServerTokenError: Error, Sendable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

/// The token file as last read, read again when it changes (`tokens add` and `revoke` take effect without a
/// restart).
final class TokenFileCache: @unchecked Sendable {
  private let tokens: ServerTokens
  private let lock = NSLock()
  private var stamp: (size: Int, modified: Date)?
  private var hashes: [String] = []

  init(_ tokens: ServerTokens) {
    self.tokens = tokens
  }

  /// Whether `token` is accepted now.
  func accepts(_ token: String) -> Bool {
    tokens.accepts(token, fileHashes: currentHashes())
  }

  private func currentHashes() -> [String] {
    let attributes = try? FileManager.default.attributesOfItem(atPath: tokens.fileURL.path)
    let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
    let modified = attributes?[.modificationDate] as? Date ?? .distantPast
    return lock.withLock {
      if let stamp, stamp.size == size, stamp.modified == modified { return hashes }
      hashes = ((try? tokens.entries()) ?? []).map(\.sha256)
      stamp = (size, modified)
      return hashes
    }
  }
}
