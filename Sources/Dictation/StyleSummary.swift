import DictationValues
import Storage

/// How a saved style is shown: in the app's list of styles, its editor's language choice, and `utter styles`.
public enum StyleSummary {
  /// What a style's `translateTo` says, in words: `French`, `Portuguese (pt-BR)`, `as spoken` or
  /// `as the settings say`.
  public static func languageLabel(_ translateTo: String?) -> String {
    guard let code = translateTo else { return "as the settings say" }
    guard !code.isEmpty else { return "as spoken" }
    let primary = code.split(separator: "-").first.map(String.init) ?? code
    guard let name = OfferedLanguage.all.first(where: { $0.code == primary.lowercased() })?.name else { return code }
    return primary == code ? name : "\(name) (\(code))"
  }

  /// The line under a style's name: where it is used (else its kind), and the language it inserts in when it
  /// has one of its own, e.g. `chat · in English`.
  public static func detail(_ style: SavedStyle) -> String {
    let use = style.defaultContexts.isEmpty ? style.kind : style.defaultContexts.joined(separator: ", ")
    guard let code = style.translateTo else { return use }
    return "\(use) · \(code.isEmpty ? "as spoken" : "in \(languageLabel(code))")"
  }

  /// The editor's choices of language: the settings' (nil), as spoken (`""`), each offered language, and the
  /// style's own when it is none of those (a regional code saved with `utter styles add`).
  public static func languageChoices(keeping current: String?) -> [(code: String?, title: String)] {
    var choices: [(code: String?, title: String)] = [(nil, "As in Settings"), ("", "The language spoken")]
    choices += OfferedLanguage.all.map { (Optional($0.code), $0.name) }
    if let current, !choices.contains(where: { $0.code == current }) {
      choices.append((current, languageLabel(current)))
    }
    return choices
  }
}
