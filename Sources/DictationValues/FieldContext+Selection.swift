extension FieldContext {
  /// `text` cut after each sentence's terminator and the spaces after it (joined, they give `text` back).
  public static func sentences(_ text: String) -> [String] {
    var sentences: [String] = []
    var current = ""
    for character in text {
      if character != " ", current.last == " ", let end = current.last(where: { $0 != " " }), ".!?".contains(end) {
        sentences.append(current)
        current = ""
      }
      current.append(character)
    }
    return current.isEmpty ? sentences : sentences + [current]
  }

  /// Whether iOS may have cut the selection it revealed: of more than three sentences it shows the first and last
  /// (`TextProxyContext.selection`), so two may stand for five, and rewriting them would lose the middle.
  public static func selectionMayBeCut(_ selected: String) -> Bool { sentences(selected).count == 2 }
}
