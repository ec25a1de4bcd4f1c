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
