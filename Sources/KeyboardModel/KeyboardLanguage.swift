import FieldValues

/// The keyboard's language: picked on it, else Utter's setting, else the field's (`documentInputMode`).
public enum KeyboardLanguage {
  /// The languages the keyboard's switch offers (`OfferedLanguage`), by code, with their own names.
  public static let choices: [(code: String, name: String)] = OfferedLanguage.all.map { ($0.code, $0.ownName) }

  /// The language for the keyboard: `picked`, else `setting`, else `field`; nil lets the engine detect it.
  public static func resolve(picked: String?, setting: String?, field: String?) -> String? {
    [picked, setting, field].lazy.compactMap(code).first
  }

  /// The language an input mode or setting names (`fr-FR` → `fr`, `pt-BR` stays); nil for none or `auto`.
  public static func code(_ identifier: String?) -> String? {
    let parts = (identifier ?? "").split { $0 == "-" || $0 == "_" || $0 == " " }.map(String.init)
    guard let language = parts.first?.lowercased() else { return nil }
    guard language.count >= 2, language.count <= 3, language.allSatisfy(\.isLetter),
      !["mul", "und", "zxx"].contains(language)
    else { return nil }
    // NB: Brazilian and European Portuguese are told apart by Whisper's vocabulary, not its language code, but
    // the keyboard's currency and layout differ; other regions only name the same language.
    if language == "pt", parts.count > 1, parts[1].uppercased() == "BR" { return "pt-BR" }
    return language
  }

  /// The short label the keyboard's switch shows: `FR`, or `Auto` when the keyboard follows detection.
  public static func label(_ language: String?) -> String {
    language.map { String($0.prefix(2)).uppercased() } ?? "Auto"
  }
}
