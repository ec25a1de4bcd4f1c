/// Contextual biasing: a decoder's preference for the user's terms while it decodes, so a name the user taught is
/// found in the audio itself rather than patched in after a mishearing.
///
/// Each term's tokens (as the engine's tokenizer writes it, with and without a leading space) form a path in a trie.
/// At each step the next token of every term already begun is raised by `continuation`, and the first token of
/// every term by `start`; a token is raised only when the model already ranks it near its best (within the
/// step's window), and a token the decoder has suppressed stays suppressed. The bonus is bounded, so a word the
/// audio says clearly keeps winning.
public struct TermBias: Sendable {
  /// How strongly, and how near the model's own choice, terms are raised (in logit units).
  public struct Strength: Sendable, Hashable {
    public var start: Float
    public var continuation: Float
    /// A term's first token is raised only when it is within this of the step's best token.
    public var startWindow: Float
    /// A begun term's next token is raised only when it is within this of the step's best token.
    public var continuationWindow: Float

    public init(start: Float, continuation: Float, startWindow: Float, continuationWindow: Float) {
      (self.start, self.continuation) = (start, continuation)
      (self.startWindow, self.continuationWindow) = (startWindow, continuationWindow)
    }

    public static let standard = Strength(start: 2, continuation: 4, startWindow: 4, continuationWindow: 8)
  }

  public let strength: Strength
  /// Each node's children by token; node 0 is the root.
  private var children: [[Int32: Int]] = [[:]]
  /// Tokens on the longest path.
  private var longest = 0

  /// A trie over `sequences` (each a term's tokens; empty ones are skipped).
  public init(sequences: [[Int32]], strength: Strength = .standard) {
    self.strength = strength
    for sequence in sequences where !sequence.isEmpty {
      var node = 0
      for token in sequence {
        if let next = children[node][token] {
          node = next
        } else {
          children.append([:])
          children[node][token] = children.count - 1
          node = children.count - 1
        }
      }
      longest = max(longest, sequence.count)
    }
  }

  /// Whether no term is in it.
  public var isEmpty: Bool { children[0].isEmpty }

  /// The next tokens a term would bring after `decoded` (the segment's text tokens so far, oldest first), each with
  /// its bonus and whether it continues a begun term.
  public func bonuses(after decoded: [Int32]) -> [Int32: (bonus: Float, continues: Bool)] {
    var found: [Int32: (bonus: Float, continues: Bool)] = [:]
    for token in children[0].keys { found[token] = (strength.start, false) }
    let tail = decoded.suffix(max(0, longest - 1))
    for begin in tail.indices {
      var node = 0
      for token in tail[begin...] {
        guard let next = children[node][token] else {
          node = -1
          break
        }
        node = next
      }
      guard node > 0 else { continue }
      for token in children[node].keys { found[token] = (strength.continuation, true) }
    }
    return found
  }

  /// Raises the terms' tokens in `logits` (one per vocabulary token) after `decoded`.
  public func apply(to logits: UnsafeMutableBufferPointer<Float>, after decoded: [Int32]) {
    guard !isEmpty, let best = logits.lazy.filter(\.isFinite).max() else { return }
    for (token, raise) in bonuses(after: decoded) {
      let index = Int(token)
      guard logits.indices.contains(index), logits[index].isFinite else { continue }
      let window = raise.continues ? strength.continuationWindow : strength.startWindow
      guard logits[index] >= best - window else { continue }
      logits[index] += raise.bonus
    }
  }
}
