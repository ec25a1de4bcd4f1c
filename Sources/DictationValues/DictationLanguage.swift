/// The one decision of the language a dictation is read in, which the keyboard (its layout and the language it
/// sends with the field) and the app (what it asks the engine) both make here, from the same inputs.
public enum DictationLanguage {
  /// The language to read a dictation in: the one `picked` on the keyboard's switch, else the `setting`, else the
  /// `field`'s input mode (`documentInputMode`), the first of them the model can read; nil lets the engine detect it.
  /// `auto` (or none) in any of them leaves it to the next.
  ///
  /// - Parameter readable: the languages the model reads (`["en"]` for an English-only model such as tiny.en); nil:
  ///   any (a multilingual model, or a keyboard, which does not know the model).
  public static func resolve(picked: String?, setting: String?, field: String?, readable: Set<String>? = nil)
    -> String?
  {
    [picked, setting, field].lazy.compactMap(code).first { reads($0, readable) }
  }

  /// The language an input mode or setting names (`fr-FR` → `fr`, `pt-BR` stays); nil for none or `auto`.
  public static func code(_ identifier: String?) -> String? {
    guard let tag = LanguageChoice(identifier).tag else { return nil }
    let parts = tag.split { $0 == "-" || $0 == "_" || $0 == " " }.map(String.init)
    guard let language = parts.first?.lowercased() else { return nil }
    guard language.count >= 2, language.count <= 3, language.allSatisfy(\.isLetter),
      !["mul", "und", "zxx"].contains(language)
    else { return nil }
    // NB: Brazilian and European Portuguese are told apart by Whisper's vocabulary, not its language code, but
    // the keyboard's currency and layout differ; other regions only name the same language.
    if language == "pt", parts.count > 1, parts[1].uppercased() == "BR" { return "pt-BR" }
    return language
  }

  /// Whether a model that reads `readable` (nil: any) reads `code` (`pt-BR` is read as `pt`).
  static func reads(_ code: String, _ readable: Set<String>?) -> Bool {
    guard let readable else { return true }
    return readable.contains(code) || readable.contains(String(code.prefix { $0 != "-" }))
  }
}
