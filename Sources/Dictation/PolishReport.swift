/// What the optional LLM polish did to a dictation (`utter transcribe --json` reports it).
public struct PolishReport: Sendable, Hashable, Encodable {
  public var provider: String
  public var usedLLM: Bool
  /// Why the model's text was not used (the deterministic text was kept).
  public var rejection: String?
  public var latencySeconds: Double
}
