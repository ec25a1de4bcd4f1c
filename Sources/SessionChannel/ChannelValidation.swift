import DictationValues

/// Checks on values read from the shared container, which anything on the device could have written.
package enum ChannelValidation {
  static let maxSeq = 1 << 52
  static let maxTextCharacters = 20_000

  /// Session and result ids: 1–64 letters, digits, `-` or `_` (so never a path).
  package static func isValidID(_ id: String) -> Bool {
    (1...64).contains(id.utf8.count) && id.utf8.allSatisfy(idBytes.contains)
  }

  private static let idBytes = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_".utf8)

  static func isValidSeq(_ seq: Int) -> Bool { seq >= 0 && seq <= maxSeq }

  package static func isValidTime(_ time: Double) -> Bool { time.isFinite && time >= 0 && time < 1e11 }

  static func isValidText(_ text: String) -> Bool { text.utf8.count <= maxTextCharacters * 4 }

  static func problem(in command: SessionCommand) -> String? {
    if !isValidSeq(command.seq) { return "command seq \(command.seq) out of range" }
    if let id = command.sessionID, !isValidID(id) { return "command session id is not a plain id" }
    if let id = command.resultID, !isValidID(id) { return "command result id is not a plain id" }
    if !isValidTime(command.sentAt) { return "command time out of range" }
    if let context = command.context, ![context.textBeforeCursor, context.selection ?? ""].allSatisfy(isValidText) {
      return "field context too long"
    }
    if command.kind == .ack, command.resultID == nil { return "ack without a result id" }
    if let edit = command.edit, max(edit.inserted.count, edit.edited?.count ?? 0, edit.inView.count) > 2_100 {
      return "an edited insertion is longer than 2,100 characters"
    }
    if command.kind == .correction, command.edit == nil { return "correction without the edited text" }
    return nil
  }

  static func problem(in log: CommandLog) -> String? {
    if log.commands.count > CommandLog.capacity * 4 { return "\(log.commands.count) commands in the log" }
    return log.commands.lazy.compactMap { problem(in: $0) }.first
  }

  static func problem(in state: HostState) -> String? {
    let seqs = [state.seq, state.lastCommandSeq, state.dictationCommandSeq ?? 0, state.failure?.commandSeq ?? 0]
    if !seqs.allSatisfy(isValidSeq) { return "a state seq is out of range" }
    if !isValidID(state.sessionID) { return "state session id is not a plain id" }
    if let id = state.lastResultID, !isValidID(id) { return "last result id is not a plain id" }
    if !isValidTime(state.heartbeat) { return "heartbeat out of range" }
    if let expiry = state.expiresAt, !isValidTime(expiry) { return "expiry out of range" }
    if let level = state.audioLevel, !(-1000...10).contains(level) { return "audio level out of range" }
    if let live = state.liveText {
      let limit = LiveText.maxCharacters * 4
      if live.confirmed.utf8.count > limit || live.volatile.utf8.count > limit { return "live text too long" }
      if !isValidSeq(live.revision) { return "live text revision out of range" }
    }
    if (state.failure?.cause?.count ?? 0) > HostFailure.maxCauseLength { return "failure cause too long" }
    if (state.microphone?.count ?? 0) > HostState.maxMicrophoneName { return "microphone name too long" }
    if let left = state.stopsIn, !(0...7_200).contains(left) { return "time left to record out of range" }
    return nil
  }

  static func problem(in result: DictationResult) -> String? {
    if !isValidID(result.id) { return "result id is not a plain id" }
    if !isValidID(result.sessionID) { return "result session id is not a plain id" }
    if !isValidSeq(result.commandSeq) { return "result seq out of range" }
    if !isValidTime(result.createdAt) { return "result time out of range" }
    if ![result.text, result.rawText, result.selection ?? "", result.original ?? ""].allSatisfy(isValidText) {
      return "result text too long"
    }
    return nil
  }
}
