import DictationValues

/// The spoken languages Utter's engines can be asked for, by ISO 639 code.
public enum SpokenLanguage {
  /// The languages Whisper was trained on (the cloud engines take the same codes).
  public static let codes: Set<String> = [
    "af", "am", "ar", "as", "az", "ba", "be", "bg", "bn", "bo", "br", "bs", "ca", "cs", "cy", "da", "de", "el",
    "en", "es", "et", "eu", "fa", "fi", "fo", "fr", "gl", "gu", "ha", "haw", "he", "hi", "hr", "ht", "hu", "hy",
    "id", "is", "it", "ja", "jw", "ka", "kk", "km", "kn", "ko", "la", "lb", "ln", "lo", "lt", "lv", "mg", "mi",
    "mk", "ml", "mn", "mr", "ms", "mt", "my", "ne", "nl", "nn", "no", "oc", "pa", "pl", "ps", "pt", "ro", "ru",
    "sa", "sd", "si", "sk", "sl", "sn", "so", "sq", "sr", "su", "sv", "sw", "ta", "te", "tg", "th", "tk", "tl",
    "tr", "tt", "uk", "ur", "uz", "vi", "yi", "yo", "yue", "zh",
  ]

  /// The 25 European languages NVIDIA's Parakeet TDT 0.6B v3 reads (its model card); v2 reads English only.
  public static let parakeetV3: Set<String> = [
    "bg", "cs", "da", "de", "el", "en", "es", "et", "fi", "fr", "hr", "hu", "it", "lt", "lv", "mt", "nl", "pl", "pt",
    "ro", "ru", "sk", "sl", "sv", "uk",
  ]

  /// The languages a model reads, by its name: Whisper's English-only models end in `.en` (`tiny.en`, WhisperKit's
  /// `openai_whisper-base.en`), Parakeet's v3 reads `parakeetV3` and its v2 English; nil: any.
  public static func readable(byModel model: String) -> Set<String>? {
    let name = model.lowercased()
    if name.hasSuffix(".en") { return ["en"] }
    guard name.contains("parakeet") else { return nil }
    return name.contains("v3") ? parakeetV3 : ["en"]
  }

  /// Whether `tag` (`en`, `pt-BR`, `auto`) names a language the engines know, or asks them to detect it.
  public static func isKnown(_ tag: String) -> Bool {
    if LanguageChoice(tag).isAutomatic { return !tag.isEmpty }
    let lower = tag.lowercased()
    let primary = lower.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? lower
    return codes.contains(primary)
  }
}
