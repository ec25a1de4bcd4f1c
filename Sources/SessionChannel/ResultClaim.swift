/// What claiming a result gave.
public enum ResultClaim: Sendable, Equatable {
  /// This keyboard claimed it and may insert it.
  case claimed
  /// Another keyboard (or an earlier instance of this one) claimed it first: it must not be inserted again.
  case claimedElsewhere
  /// The claim could not be written (a full disk); the reason is for the log.
  case failed(String)
}
