import FieldValues

/// What the keyboard asks the containing app to do.
public enum CommandKind: String, Codable, Sendable, CaseIterable {
  /// Start recording a dictation into the field described by the command's context.
  case start
  /// Stop recording and deliver the text.
  case stop
  /// Stop recording and throw the audio away.
  case cancel
  /// End the flow session: the app releases the microphone.
  case endSession = "end-session"
  /// The keyboard inserted the result named by `resultID`.
  case ack
  /// The user changed words of an inserted result: the words as heard and as corrected (`corrections`).
  case correction
}

/// Words the user changed in text Utter inserted: only these, never the rest of the field.
public struct CorrectedWords: Codable, Sendable, Hashable {
  /// The most corrections one command carries, and the longest form (in characters) of each.
  public static let maxCount = 16
  public static let maxCharacters = 64

  /// The words as Utter inserted them, e.g. `Shivor`.
  public var heard: String
  /// The words the user left in their place, e.g. `Siobhan`.
  public var corrected: String
  /// Set by the app, never sent by the keyboard: whether the audio, read again, wrote the corrected words.
  public var heardInAudio: Bool?
  /// Filled in by the app: the words heard next to the corrected ones, in lower case.
  public var context: [String]?

  public init(heard: String, corrected: String, heardInAudio: Bool? = nil, context: [String]? = nil) {
    self.heard = heard
    self.corrected = corrected
    self.heardInAudio = heardInAudio
    self.context = context
  }
}

/// One keyboard→app command, numbered so that the app handles each exactly once and in order.
public struct SessionCommand: Codable, Sendable, Hashable {
  /// The furthest a command may run ahead of the last one handled; a larger jump is forged or corrupt.
  public static let maxSeqJump = 10_000

  /// Increases by one for every command the keyboard writes, across keyboard launches.
  public var seq: Int
  /// The session the keyboard believes is live, or nil when it knows none.
  public var sessionID: String?
  public var kind: CommandKind
  /// When the keyboard wrote the command (seconds since 1970).
  public var sentAt: Double
  /// The field being dictated into; set on `start`.
  public var context: FieldContext?
  /// The result acknowledged; set on `ack`, and on `correction` for the result that was corrected.
  public var resultID: String?
  /// What the user changed in an inserted result; set on `correction`.
  public var corrections: [CorrectedWords]?

  public init(
    seq: Int, sessionID: String?, kind: CommandKind, sentAt: Double, context: FieldContext? = nil,
    resultID: String? = nil, corrections: [CorrectedWords]? = nil
  ) {
    self.seq = seq
    self.sessionID = sessionID
    self.kind = kind
    self.sentAt = sentAt
    self.context = context
    self.resultID = resultID
    self.corrections = corrections
  }
}

/// The keyboard's recent commands: a short queue so that two commands written quickly are both seen.
public struct CommandLog: Codable, Sendable, Hashable {
  /// How many commands the log keeps.
  public static let capacity = 16

  public var commands: [SessionCommand]

  public init(commands: [SessionCommand] = []) {
    self.commands = commands
  }

  /// The highest sequence number in the log, or 0 when it is empty.
  public var lastSeq: Int { commands.map(\.seq).max() ?? 0 }

  /// Appends `command`, dropping the oldest commands past `capacity`.
  public mutating func append(_ command: SessionCommand) {
    commands.append(command)
    if commands.count > Self.capacity { commands.removeFirst(commands.count - Self.capacity) }
  }

  /// Commands numbered after `seq`, oldest first.
  public func commands(after seq: Int) -> [SessionCommand] {
    commands.filter { $0.seq > seq }.sorted { $0.seq < $1.seq }
  }

  /// Result ids this log acknowledges.
  public var acknowledgedResultIDs: Set<String> {
    Set(commands.filter { $0.kind == .ack }.compactMap(\.resultID))
  }
}
