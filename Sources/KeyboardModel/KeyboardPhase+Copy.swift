extension KeyboardPhase {
  /// The dictation just inserted on entering this phase from `previous` (auto-copy copies it), never its raw text.
  public func newlyInserted(after previous: KeyboardPhase) -> InsertedDictation? {
    guard case .inserted(let now) = self else { return nil }
    if case .inserted(let before) = previous, before.resultID == now.resultID { return nil }
    return now
  }
}
