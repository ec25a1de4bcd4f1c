import DictationValues

/// What the keyboard asks the containing app to do.
public enum CommandKind: String, Codable, Sendable, CaseIterable {
  /// Start recording a dictation into the field described by the command's context.
  case start
  /// Stop recording and deliver the text.
  case stop
  /// Stop recording and throw the audio away.
  case cancel
  /// The length cap is near and the user is still speaking: record another full length (`RecordingCap`).
  case keepGoing = "keep-going"
  /// End the flow session: the app releases the microphone.
  case endSession = "end-session"
  /// The keyboard inserted the result named by `resultID`.
  case ack
  /// The user edited an inserted result (`edit`).
  case correction
}

/// The user's edit of the text Utter inserted last, read when they move on; the app finds the changed words in it.
/// Each part is at most 2,100 characters (`ChannelValidation`).
public struct InsertionEdit: Codable, Sendable, Hashable {
  /// The text as Utter inserted it.
  public var inserted: String
  /// The inserted span as the field reads now, or nil when it could not be found again.
  public var edited: String?
  /// The text around the cursor, as far as iOS shows it and up to the text that followed the insertion.
  public var inView: String

  public init(inserted: String, edited: String?, inView: String) {
    self.inserted = inserted
    self.edited = edited
    self.inView = inView
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
  /// The user's edit of an inserted result; set on `correction`.
  public var edit: InsertionEdit?

  public init(
    seq: Int, sessionID: String?, kind: CommandKind, sentAt: Double, context: FieldContext? = nil,
    resultID: String? = nil, edit: InsertionEdit? = nil
  ) {
    self.seq = seq
    self.sessionID = sessionID
    self.kind = kind
    self.sentAt = sentAt
    self.context = context
    self.resultID = resultID
    self.edit = edit
  }
}

/// The keyboard's recent commands: a short queue so that two commands written quickly are both seen.
public struct CommandLog: Codable, Sendable, Hashable {
  public static let capacity = 16

  public var commands: [SessionCommand]

  public init(commands: [SessionCommand] = []) {
    self.commands = commands
  }

  public var lastSeq: Int { commands.map(\.seq).max() ?? 0 }

  /// Appends `command`, dropping the oldest commands past `capacity` and any earlier correction.
  public mutating func append(_ command: SessionCommand) {
    // NB: an edit can carry kilobytes; keeping only the newest keeps the log well under the channel's 64 KB. The app
    // reads each as it is written, and edits come only as the user moves on, seconds apart.
    if command.kind == .correction { commands.removeAll { $0.kind == .correction } }
    commands.append(command)
    if commands.count > Self.capacity { commands.removeFirst(commands.count - Self.capacity) }
  }

  public var acknowledgedResultIDs: Set<String> {
    Set(commands.filter { $0.kind == .ack }.compactMap(\.resultID))
  }
}
