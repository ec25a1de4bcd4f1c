extension KeyboardPhase {
  /// Whether the language and style menu offers to end the Utter session: while a session waits for a tap.
  public var offersEndSession: Bool {
    switch self {
    case .ready, .inserted: true
    default: false
    }
  }
}
