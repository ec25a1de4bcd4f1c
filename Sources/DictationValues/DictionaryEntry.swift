/// A term in the personal dictionary: how the user wants a word or name written.
public struct DictionaryEntry: Sendable, Hashable, Codable {
  /// The preferred spelling, e.g. `Kubernetes`.
  public var term: String
  /// Explicit spoken or mis-heard forms that become `term`, e.g. `cooper netties`.
  public var replacements: [String]
  /// Whether a phrase that merely sounds like `term` may become it.
  public var matchBySound: Bool
  /// Whether the user added the term or Utter learned it from their corrections.
  public var origin: Origin

  /// Where a dictionary term came from.
  public enum Origin: String, Sendable, Hashable, Codable, CaseIterable {
    /// Added by the user.
    case manual
    /// Learned from corrections the user made to dictated text.
    case learned
  }

  public init(term: String, replacements: [String] = [], matchBySound: Bool = true, origin: Origin = .manual) {
    self.term = term
    self.replacements = replacements
    self.matchBySound = matchBySound
    self.origin = origin
  }

  enum CodingKeys: String, CodingKey {
    case term, replacements, matchBySound, origin
  }

  /// Decodes entries written before terms had an origin as added by the user.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    term = try c.decode(String.self, forKey: .term)
    replacements = try c.decodeIfPresent([String].self, forKey: .replacements) ?? []
    matchBySound = try c.decodeIfPresent(Bool.self, forKey: .matchBySound) ?? true
    origin = try c.decodeIfPresent(Origin.self, forKey: .origin) ?? .manual
  }
}
