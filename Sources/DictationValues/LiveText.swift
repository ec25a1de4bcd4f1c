/// The words of the dictation being recorded, as the app has read them so far.
public struct LiveText: Codable, Sendable, Hashable {
  /// Words read at full quality from speech a pause has ended: what the final text will say there.
  public var confirmed: String
  /// A quick reading of the speech still going on; the next revision may change it.
  public var volatile: String
  /// Increases with every change within a dictation.
  public var revision: Int

  public init(confirmed: String = "", volatile: String = "", revision: Int = 0) {
    self.confirmed = confirmed
    self.volatile = volatile
    self.revision = revision
  }

  /// Confirmed and volatile words as one line.
  public var text: String { [confirmed, volatile].filter { !$0.isEmpty }.joined(separator: " ") }

  public var isEmpty: Bool { confirmed.isEmpty && volatile.isEmpty }

  /// Characters of each part published at most (the end of a long dictation; the keyboard shows its last lines).
  public static let maxCharacters = 4000

  public static func bounded(_ text: String) -> String { String(text.suffix(maxCharacters)) }
}
