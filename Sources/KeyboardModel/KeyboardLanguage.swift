import FieldValues

/// Which language the keyboard types and dictates in. By default the conversation's: iOS remembers, per field,
/// the keyboard language the user last wrote there (`documentInputMode`), so a French chat dictates in French with
/// no picker. A language set in Utter's settings comes before it, and one picked on the keyboard before both.
public enum KeyboardLanguage {
  /// The languages the keyboard's switch offers, by BCP 47 code, with their own names (`OfferedLanguage`, the one
  /// list Settings and the engines share).
  public static let choices: [(code: String, name: String)] = OfferedLanguage.all.map { ($0.code, $0.ownName) }

  /// The language for the keyboard: `picked` on the keyboard, else the `setting` (nil, empty or `auto` leaves it to
  /// the field), else the `field`'s input mode. nil lets the engine detect it.
  public static func resolve(picked: String?, setting: String?, field: String?) -> String? {
    for candidate in [picked, setting, field] {
      if let code = code(candidate) { return code }
    }
    return nil
  }

  /// The language a `UITextInputMode.primaryLanguage` or a setting names (`fr-FR` → `fr`, `pt-BR` → `pt-BR`,
  /// `zh-Hans` → `zh`); nil for none, `auto`, and the modes that are not a language (`mul`, `emoji`,
  /// `dictation`).
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
