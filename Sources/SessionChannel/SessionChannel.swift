import Foundation
import Logging

/// The keyboard↔app protocol over a shared folder: one writer per file, atomic renames, hostile files rejected.
public final class SessionChannel: @unchecked Sendable {
  public let container: URL
  /// Largest commands or state file accepted.
  public let maxMessageBytes: Int
  /// Largest result file accepted (results carry the text twice: formatted and raw).
  public let maxResultBytes: Int
  /// Whether commands are fsync'd before the rename: durable across a power loss, for ~0.3 ms a write.
  public let syncsMessages: Bool
  let logger: Logger
  private let lock = NSLock()
  private var loggedRejections: [String: String] = [:]

  public init(
    container: URL, logger: Logger = Logger(label: "utter.session"), maxMessageBytes: Int = 64 * 1024,
    syncsMessages: Bool = true
  ) {
    self.container = container
    self.syncsMessages = syncsMessages
    self.logger = logger
    self.maxMessageBytes = maxMessageBytes
    self.maxResultBytes = maxMessageBytes * 8
  }

  // MARK: Keyboard → app

  /// Replaces the keyboard's command log. Only the keyboard calls this.
  public func writeCommands(_ log: CommandLog) throws {
    try write(log, to: ChannelFile.commands, sync: syncsMessages)
  }

  public func readCommands() -> ChannelRead<CommandLog> {
    read(CommandLog.self, from: ChannelFile.commands, maxBytes: maxMessageBytes, problem: ChannelValidation.problem)
  }

  /// Replaces the keyboard's sign of life. Only the keyboard calls this.
  public func writePresence(_ presence: KeyboardPresence) throws {
    try write(presence, to: ChannelFile.keyboard, sync: false)
  }

  // MARK: App → keyboard

  public func readState() -> ChannelRead<HostState> {
    read(HostState.self, from: ChannelFile.state, maxBytes: maxMessageBytes, problem: ChannelValidation.problem)
  }

  public func readResult(id: String) -> ChannelRead<DictationResult> {
    guard ChannelValidation.isValidID(id) else { return reject("result id", reason: "not a plain id") }
    let read = read(
      DictationResult.self, from: ChannelFile.result(id), maxBytes: maxResultBytes, problem: ChannelValidation.problem)
    if let result = read.value, result.id != id {
      return reject(ChannelFile.result(id), reason: "names result \(result.id)")
    }
    return read
  }

  /// Claims result `id` by creating `claim-<id>` atomically, so that exactly one keyboard inserts it, once.
  public func claimResult(id: String) -> ResultClaim {
    guard ChannelValidation.isValidID(id) else { return .failed("result id '\(id)' is not a plain id") }
    let path = container.appendingPathComponent(ChannelFile.claim(id)).path
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      return errno == EEXIST ? .claimedElsewhere : .failed(String(cString: strerror(errno)))
    }
    _ = fsync(fd)
    close(fd)
    return .claimed
  }

  /// The ids of results of session `sessionID`, oldest first, in one directory scan.
  public func resultIDs(ofSession sessionID: String) -> [String] {
    let prefix = ChannelFile.result(sessionID + "-").dropLast(ChannelFile.resultSuffix.count)
    guard let directory = opendir(container.path) else { return [] }
    defer { closedir(directory) }
    let prefixBytes = Array(prefix.utf8)
    var ids: [String] = []
    while let entry = readdir(directory) {
      // NB: names are compared as bytes first; only this session's become strings.
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String? in
        guard let base = raw.baseAddress, raw.count > prefixBytes.count,
          memcmp(base, prefixBytes, prefixBytes.count) == 0
        else {
          return nil
        }
        return String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let name, let id = ChannelFile.resultID(inFileName: name) else { continue }
      ids.append(id)
    }
    return ids.sorted(by: Self.dictationOrder)
  }

  /// Whether result `a` was dictated before result `b`.
  package static func dictationOrder(_ a: String, _ b: String) -> Bool {
    func split(_ id: String) -> (session: Substring, seq: Int?) {
      guard let dash = id.lastIndex(of: "-") else { return (id[...], nil) }
      return (id[..<dash], Int(id[id.index(after: dash)...]))
    }
    let (left, right) = (split(a), split(b))
    if left.session != right.session { return left.session < right.session }
    switch (left.seq, right.seq) {
    case (let l?, let r?) where l != r: return l < r
    default: return a < b
    }
  }

  // MARK: Files

  package func write<Value: Encodable>(_ value: Value, to name: String, sync: Bool) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(value)
    try AtomicFile.write(data, to: container.appendingPathComponent(name), sync: sync)
  }

  package func read<Value: Decodable & Sendable>(
    _ type: Value.Type, from name: String, maxBytes: Int, problem: (Value) -> String?
  ) -> ChannelRead<Value> {
    switch AtomicFile.read(container.appendingPathComponent(name), maxBytes: maxBytes) {
    case .missing:
      return .missing
    case .rejected(let reason):
      return reject(name, reason: reason)
    case .value(let data):
      let value: Value
      do {
        value = try JSONDecoder().decode(Value.self, from: data)
      } catch {
        return reject(name, reason: data.isEmpty ? "is empty" : "is not a valid message (\(Self.summary(of: error)))")
      }
      if let problem = problem(value) { return reject(name, reason: problem) }
      forgetRejection(name)
      return .value(value)
    }
  }

  /// Logs a rejected file once per distinct reason (the poll fallback re-reads it every half second).
  package func reject<Value>(_ name: String, reason: String) -> ChannelRead<Value> {
    let isNew = lock.withLock {
      guard loggedRejections[name] != reason else { return false }
      loggedRejections[name] = reason
      return true
    }
    if isNew { logger.warning("ignoring \(name): \(reason)") }
    return .rejected(reason)
  }

  private func forgetRejection(_ name: String) {
    lock.withLock { _ = loggedRejections.removeValue(forKey: name) }
  }

  private static func summary(of error: Error) -> String {
    switch error {
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
      DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? "malformed JSON" : "bad field '\(path)'"
    default:
      return "malformed JSON"
    }
  }
}

/// A file written again until a write works, logged once as writes start failing and once as they work again.
package struct RetriedWrite: Sendable {
  package private(set) var isFailing = false
  package init() {}

  /// Runs `write`, which writes `what`.
  package mutating func attempt(_ what: String, logger: Logger, _ write: () throws -> Void) {
    do {
      try write()
      if isFailing { logger.notice("\(what) written again") }
      isFailing = false
    } catch {
      if !isFailing { logger.error("cannot write \(what): \(error); will retry") }
      isFailing = true
    }
  }
}
