/// A dictation as kept in history: what was said, what was inserted, and how.
public struct ArchivedDictation: Codable, Sendable, Hashable {
  public var id: String
  public var sessionID: String
  public var createdAt: Double
  public var text: String
  public var rawText: String
  /// Seconds of audio recorded.
  public var duration: Double
  public var engine: String
  public var model: String
  /// True when the audio was found after a crash or kill: kept in history, never inserted.
  public var recovered: Bool
  /// What the text pipeline did, stage by stage.
  public var trace: [TraceStep]
  public var keyboardType: String?
  public var contentType: String?
  /// The spoken language the engine reported (ISO 639-1), when it did.
  public var language: String?
  /// Who asked for it.
  public var origin: DictationOrigin

  public init(
    id: String, sessionID: String, createdAt: Double, text: String, rawText: String, duration: Double,
    engine: String, model: String, recovered: Bool, trace: [TraceStep] = [], keyboardType: String? = nil,
    contentType: String? = nil, language: String? = nil, origin: DictationOrigin = .keyboard
  ) {
    self.origin = origin
    self.id = id
    self.sessionID = sessionID
    self.createdAt = createdAt
    self.text = text
    self.rawText = rawText
    self.duration = duration
    self.engine = engine
    self.model = model
    self.recovered = recovered
    self.trace = trace
    self.keyboardType = keyboardType
    self.contentType = contentType
    self.language = language
  }
}

/// Who asked for a dictation: the keyboard (its text is inserted in another app's field) or the containing app itself
/// (its own dictation button; the text stays in the app).
public enum DictationOrigin: String, Codable, Sendable, Hashable {
  case keyboard, app
}
