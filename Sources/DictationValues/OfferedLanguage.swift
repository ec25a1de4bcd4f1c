/// A spoken language Utter offers: in Settings (by its English name), on the keyboard's switch (by its own name),
/// and to every engine (Whisper reads each; Apple's transcriber where the phone has its model). The one list.
public struct OfferedLanguage: Sendable, Hashable, Identifiable {
  /// ISO 639-1 code, as engines and `FieldContext.language` take it.
  public let code: String
  /// The name Settings shows, in English.
  public let name: String
  /// The name the keyboard's switch shows, in the language itself.
  public let ownName: String

  public var id: String { code }

  public init(_ code: String, _ name: String, _ ownName: String) {
    (self.code, self.name, self.ownName) = (code, name, ownName)
  }

  /// Every language offered, English first.
  public static let all: [OfferedLanguage] = [
    .init("en", "English", "English"), .init("fr", "French", "Français"), .init("de", "German", "Deutsch"),
    .init("es", "Spanish", "Español"), .init("it", "Italian", "Italiano"), .init("pt", "Portuguese", "Português"),
    .init("nl", "Dutch", "Nederlands"), .init("sv", "Swedish", "Svenska"), .init("pl", "Polish", "Polski"),
    .init("ja", "Japanese", "日本語"), .init("zh", "Chinese", "中文"), .init("ko", "Korean", "한국어"),
    .init("ru", "Russian", "Русский"), .init("tr", "Turkish", "Türkçe"), .init("uk", "Ukrainian", "Українська"),
    .init("cs", "Czech", "Čeština"), .init("da", "Danish", "Dansk"), .init("fi", "Finnish", "Suomi"),
    .init("el", "Greek", "Ελληνικά"), .init("hu", "Hungarian", "Magyar"), .init("ro", "Romanian", "Română"),
    .init("sk", "Slovak", "Slovenčina"), .init("sl", "Slovenian", "Slovenščina"), .init("hr", "Croatian", "Hrvatski"),
    .init("bg", "Bulgarian", "Български"), .init("et", "Estonian", "Eesti"), .init("lv", "Latvian", "Latviešu"),
    .init("lt", "Lithuanian", "Lietuvių"), .init("mt", "Maltese", "Malti"),
  ]
}
