extension PolishRejection {
  /// What the user is told when polish failed and the text went in unpolished, or nil when there is nothing to tell:
  /// polish was not wanted (off for the field, too short, cancelled) or the safety net kept the user's words on
  /// purpose. E.g. "Not polished: Apple Intelligence is busy, try again later".
  public var notice: String? {
    switch self {
    case .timedOut, .providerFailed, .emptyOutput, .refused:
      "Not polished: \(description)"
    case .echoedInstructions, .answeredQuestion, .followedRequest, .changedNegation, .changedNumbers, .lengthChanged,
      .droppedContent, .addedContent, .cancelled, .polishOff, .tooShort:
      nil
    }
  }
}
