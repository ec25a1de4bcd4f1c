/// One step of a dictation's clean-up as it ran: the stage, the text after it and why it changed what it did.
/// Formatting produces these, history keeps them, `utter format --trace` and the history screen show them.
public struct TraceStep: Codable, Sendable, Hashable {
  /// The stage's name, e.g. `transcribe`, `fillers`, `dictionary`, `polish`.
  public var stage: String
  /// The text after this stage.
  public var text: String
  /// How long the stage took, in milliseconds.
  public var milliseconds: Double?
  /// Anything worth noting, e.g. which rule fired.
  public var note: String?

  public init(stage: String, text: String, milliseconds: Double? = nil, note: String? = nil) {
    self.stage = stage
    self.text = text
    self.milliseconds = milliseconds
    self.note = note
  }
}

/// Text after clean-up (and polish), with what each step did.
public struct FormattedText: Sendable, Hashable {
  public var text: String
  public var trace: [TraceStep]
  /// Why an optional step (LLM polish) was skipped, in one line for the user; the text is still complete.
  public var notice: String?

  public init(text: String, trace: [TraceStep] = [], notice: String? = nil) {
    self.text = text
    self.trace = trace
    self.notice = notice
  }
}
