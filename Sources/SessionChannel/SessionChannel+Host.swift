import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The app's side of the channel: it alone writes the state and the results, reads the keyboard's sign of life and
/// cleans the folder up. The keyboard never calls these, so it does not link them.
extension SessionChannel {
  /// Creates the container directory when it does not exist.
  public func prepare() throws {
    try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
  }

  /// Replaces the app's published state. Only the app calls this.
  ///
  /// NB: never fsync'd: it is rewritten every second for as long as a session lasts, and nothing needs it to survive a
  /// power loss (a host that starts publishes it anew; a keyboard reads a missing or old one as no session).
  public func writeState(_ state: HostState) throws {
    try write(state, to: ChannelFile.state, sync: false)
  }

  /// Publishes a finished dictation. Only the app calls this, after recording it in history.
  public func writeResult(_ result: DictationResult) throws {
    guard ChannelValidation.isValidID(result.id) else { throw ChannelError.invalid("result id '\(result.id)'") }
    try write(result, to: ChannelFile.result(result.id), sync: true)
  }

  /// Ids of the result files present, in dictation order: `<session>-<command seq>` sorts by session, then by the
  /// sequence number as a number (`s-9` before `s-10`).
  public func resultIDs() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: container.path)) ?? []
    return names.compactMap(ChannelFile.resultID(inFileName:)).sorted(by: Self.dictationOrder)
  }

  /// Deletes a delivered result. Only the app calls this.
  public func removeResult(id: String) throws {
    guard ChannelValidation.isValidID(id) else { throw ChannelError.invalid("result id '\(id)'") }
    let url = container.appendingPathComponent(ChannelFile.result(id))
    if unlink(url.path) != 0, errno != ENOENT { throw ChannelError.io("cannot remove \(url.lastPathComponent)", errno) }
    removeClaim(id: id)
  }

  /// Deletes temporary files a crashed writer left behind.
  public func removeAbandonedTemporaryFiles(olderThan age: Double, now: Double) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: container.path)) ?? []
    for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
      let url = container.appendingPathComponent(name)
      let modified = (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
      if let modified, now - modified.timeIntervalSince1970 > age { unlink(url.path) }
    }
  }

  /// Deletes the claim of result `id` (the app, once the result is acknowledged or gone).
  public func removeClaim(id: String) {
    guard ChannelValidation.isValidID(id) else { return }
    unlink(container.appendingPathComponent(ChannelFile.claim(id)).path)
  }

  /// Deletes every claim (the app, at start, when no result of an earlier session may be inserted any more).
  public func removeAllClaims() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: container.path)) ?? []
    for name in names where name.hasPrefix(ChannelFile.claimPrefix) {
      unlink(container.appendingPathComponent(name).path)
    }
  }

  /// The keyboard's sign of life (`KeyboardPresence`), as the app reads it.
  public func readPresence() -> ChannelRead<KeyboardPresence> {
    read(KeyboardPresence.self, from: ChannelFile.keyboard, maxBytes: maxMessageBytes) { presence in
      if let id = presence.sessionID, !ChannelValidation.isValidID(id) { return "session id is not a plain id" }
      return ChannelValidation.isValidTime(presence.seenAt) ? nil : "time out of range"
    }
  }
}

extension CommandLog {
  /// Commands numbered after `seq`, oldest first: the ones the app has not handled yet.
  public func commands(after seq: Int) -> [SessionCommand] {
    commands.filter { $0.seq > seq }.sorted { $0.seq < $1.seq }
  }
}

extension KeyboardSettings {
  /// Writes the file into `folder` atomically (temporary file, fsync, rename) and returns its URL. Only the app does.
  @discardableResult
  public func write(to folder: SharedFolder) throws -> URL {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let target = folder.keyboardSettings
    try FileManager.default.createDirectory(at: folder.channel, withIntermediateDirectories: true)
    try AtomicFile.write(try encoder.encode(self), to: target)
    return target
  }
}
