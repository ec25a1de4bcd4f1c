/// One step of a dictation's clean-up as it ran: the stage, the text after it and why it changed what it did.
/// The clean-up produces these, polish adds its own, history keeps them, and `utter format --trace` and the history
/// screen show them.
public struct TraceStep: Codable, Sendable, Hashable {
  /// The stage's name, e.g. `fillers`, `dictionary`, `llm-polish`.
  public var stage: String
  /// The text after this stage.
  public var text: String
  /// How long the stage took, in milliseconds.
  public var milliseconds: Double?
  /// Why the stage removed what it removed, or skipped what it skipped: one line each.
  public var reasons: [String]

  public init(stage: String, text: String, milliseconds: Double? = nil, reasons: [String] = []) {
    self.stage = stage
    self.text = text
    self.milliseconds = milliseconds
    self.reasons = reasons
  }

  // NB: history and exports kept steps without reasons before they had them, with at most one `note`.
  public init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    stage = try values.decode(String.self, forKey: .stage)
    text = try values.decode(String.self, forKey: .text)
    milliseconds = try values.decodeIfPresent(Double.self, forKey: .milliseconds)
    let note = try decoder.container(keyedBy: Legacy.self).decodeIfPresent(String.self, forKey: .note)
    reasons = try values.decodeIfPresent([String].self, forKey: .reasons) ?? note.map { [$0] } ?? []
  }

  private enum Legacy: String, CodingKey { case note }
}

/// Text after clean-up (and polish), with what each step did.
public struct FormattedText: Sendable, Hashable {
  public var text: String
  public var trace: [TraceStep]
  /// Why an optional step (LLM polish) was skipped, in one line for the user; the text is still complete.
  public var notice: String?
  /// Whether the dictation ended with "press enter": the keyboard presses the field's return key after the text.
  public var pressesReturn: Bool
  /// The text as spoken, when `text` is its translation ("insert in English"); the keyboard's undo puts it back.
  public var original: String?

  public init(text: String, trace: [TraceStep] = [], notice: String? = nil, pressesReturn: Bool = false) {
    self.text = text
    self.trace = trace
    self.notice = notice
    self.pressesReturn = pressesReturn
  }
}

extension FormattedText {
  /// Puts first in the trace the learned forms the engine, reading the audio again, wrote as their terms
  /// (`I am → Niamh`), in the text it then gave (`raw`).
  public mutating func traceLearned(_ rewrites: [String], raw: String) {
    guard !rewrites.isEmpty else { return }
    trace.insert(
      TraceStep(stage: "learned terms (confirmed by the audio read again)", text: raw, reasons: rewrites), at: 0)
  }
}
