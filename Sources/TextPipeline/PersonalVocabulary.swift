/// A term in the personal dictionary: how the user wants a word or name written.
public struct DictionaryEntry: Sendable, Hashable, Codable {
  /// The preferred spelling, e.g. `Kubernetes`.
  public var term: String
  /// Explicit spoken or mis-heard forms that become `term`, e.g. `cooper netties`.
  public var replacements: [String]
  /// Whether a phrase that merely sounds like `term` may become it.
  public var matchBySound: Bool

  public init(term: String, replacements: [String] = [], matchBySound: Bool = true) {
    self.term = term
    self.replacements = replacements
    self.matchBySound = matchBySound
  }
}

/// A spoken trigger phrase that expands to stored text.
public struct Snippet: Sendable, Hashable, Codable {
  /// What the user says, e.g. `my calendar`.
  public var trigger: String
  /// What is written instead, e.g. a booking URL.
  public var expansion: String

  public init(trigger: String, expansion: String) {
    self.trigger = trigger
    self.expansion = expansion
  }
}
