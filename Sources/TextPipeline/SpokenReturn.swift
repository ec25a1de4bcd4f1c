import DictationValues

/// "Press enter" (or "send it") said as the last words of a dictation: the words go, and the keyboard presses the
/// field's return key after inserting the text, so a chat sends it. Spoken forms per language; the command is taken
/// only as the dictation's last words, after a pause (a comma or a sentence's end) or alone, so "I pressed enter
/// twice", "press enter to continue" and "tell him to press enter" stay as said; and only for a keyboard's field
/// (one that names its keyboard type): a file's or the server's transcript has no return key to press, and keeps
/// the words.
public struct SpokenReturn: TextStage {
  public let name = "return-key"

  /// The spoken forms, by language code, lower case and without punctuation.
  public static let phrases: [String: [[String]]] = [
    "en": [["press", "enter"], ["press", "return"], ["hit", "enter"], ["hit", "return"], ["send", "it"]],
    "fr": [["appuie", "sur", "entrée"], ["appuyer", "sur", "entrée"], ["envoie", "le"], ["envoie"]],
    "de": [["enter", "drücken"], ["eingabe", "drücken"], ["abschicken"], ["absenden"]],
    "es": [["pulsa", "intro"], ["presiona", "enter"], ["envíalo"], ["enviar"]],
    "it": [["premi", "invio"], ["invialo"], ["invia"]],
    "pt": [["pressione", "enter"], ["aperte", "enter"], ["envie"], ["enviar"]],
  ]

  /// The forms of each language, longest first ("envoie le" before "envoie"), sorted once.
  static let longestFirst = phrases.mapValues { $0.sorted { $0.count > $1.count } }

  public init() {}

  public func apply(_ document: inout TextDocument, context: FieldContext) {
    guard context.keyboardType != nil else { return }
    let language = LanguageChoice(context.language).tag.map { String($0.prefix(2)).lowercased() } ?? "en"
    guard let forms = Self.longestFirst[language] else { return }
    // NB: the words before any closing marks the engine put after the command ("press enter.").
    var end = document.tokens.count
    while end > 0, document.tokens[end - 1].kind == .closing { end -= 1 }
    for form in forms {
      let start = end - form.count
      guard start >= 0,
        (0..<form.count).allSatisfy({
          document.tokens[start + $0].isWord && Self.word(document.tokens[start + $0]) == form[$0]
        })
      else { continue }
      // Alone, or after a pause: otherwise the words are the sentence's ("tell him to press enter").
      guard start == 0 || document.tokens[start - 1].kind == .closing || document.tokens[start - 1].kind == .lineBreak
      else { return }
      var cut = start
      // The pause before the command goes with it; a sentence's end stays for the sentence.
      if cut > 0, document.tokens[cut - 1].kind == .closing, !document.tokens[cut - 1].endsSentence { cut -= 1 }
      document.tokens.removeSubrange(cut..<document.tokens.count)
      document.pressesReturn = true
      document.reasons.append("\"\(form.joined(separator: " "))\": the return key is pressed after the text")
      return
    }
  }

  private static func word(_ token: TextToken) -> String {
    token.lower.filter { $0.isLetter || $0.isNumber }
  }
}
