import DictationValues

/// The keyboard's language: picked on it, else Utter's setting, else the field's (`documentInputMode`), decided by
/// `DictationLanguage` as the app decides it.
public enum KeyboardLanguage {
  /// The languages the keyboard's switch offers (`OfferedLanguage`), by code, with their own names.
  public static let choices: [(code: String, name: String)] = OfferedLanguage.all.map { ($0.code, $0.ownName) }

  /// The language for the keyboard (its layout, and the field's language it sends): `picked`, else `setting`, else
  /// `field`; nil lets the engine detect it. The keyboard does not know the model: the app reads this choice with the
  /// model's languages (`FieldContext.transcriptionOptions`).
  public static func resolve(picked: String?, setting: String?, field: String?) -> String? {
    DictationLanguage.resolve(picked: picked, setting: setting, field: field)
  }

  /// The language an input mode or setting names (`DictationLanguage.code`: `fr-FR` → `fr`, `pt-BR` stays); nil for
  /// none or `auto`.
  public static func code(_ identifier: String?) -> String? {
    DictationLanguage.code(identifier)
  }

  /// The short label the keyboard's switch shows: `FR`, or `Auto` when the keyboard follows detection.
  public static func label(_ language: String?) -> String {
    language.map { String($0.prefix(2)).uppercased() } ?? "Auto"
  }
}
