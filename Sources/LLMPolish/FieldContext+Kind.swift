import DictationValues

/// What kind of text a field holds, which picks the default style and the prompt's advice.
public enum FieldKind: String, Sendable, Hashable, Codable, CodingKeyRepresentable, CaseIterable {
  case email, chat, search, notes, code, other
}

/// The keyboard type a text field asks for (mirrors `UIKeyboardType`).
public enum KeyboardType: String, Sendable, Hashable, Codable, CaseIterable {
  case `default`, asciiCapable, numbersAndPunctuation, url, numberPad, phonePad, namePhonePad, emailAddress
  case decimalPad, twitter, webSearch, asciiCapableNumberPad
}

extension FieldContext {
  /// The keyboard type, typed; an unknown or missing one is `default`.
  public var keyboard: KeyboardType { keyboardType.flatMap(KeyboardType.init(rawValue:)) ?? .default }

  /// The field's kind: the keyboard type and content type first, then the app.
  public var kind: FieldKind {
    switch keyboard {
    case .webSearch, .url: return .search
    case .emailAddress: return .email
    case .twitter: return .chat
    case .numberPad, .phonePad, .decimalPad, .asciiCapableNumberPad, .numbersAndPunctuation, .namePhonePad:
      return .other
    case .default, .asciiCapable: break
    }
    switch contentType {
    case "URL": return .search
    case "emailAddress": return .email
    case .some: return .other
    case .none: break
    }
    guard let app = appBundleID?.lowercased() else { return .other }
    for (kind, apps) in Self.appsByKind where apps.contains(where: { app == $0 || app.hasPrefix($0 + ".") }) {
      return kind
    }
    return .other
  }

  /// Well-known apps by kind (bundle ids, lower-cased; a prefix matches its sub-ids).
  static let appsByKind: [(FieldKind, [String])] = [
    (
      .email,
      [
        "com.apple.mobilemail", "com.google.gmail", "com.microsoft.office.outlook", "ch.protonmail.protonmail",
        "com.readdle.smartemail", "com.superhuman.superhuman", "com.fastmail.fastmail", "com.yahoo.aerogram",
      ]
    ),
    (
      .chat,
      [
        "com.apple.mobilesms", "net.whatsapp.whatsapp", "net.whatsapp.whatsappsmb", "ph.telegra.telegraph",
        "com.tinyspeck.chatlyio", "com.hammerandchisel.discord", "com.facebook.messenger",
        "org.whispersystems.signal", "com.microsoft.skype.teams", "com.burbn.instagram", "com.atebits.tweetie2",
        "com.google.chat", "jp.naver.line",
      ]
    ),
    (
      .notes,
      [
        "com.apple.mobilenotes", "md.obsidian", "com.agiletortoise.drafts5", "notion.id",
        "com.evernote.iphone.evernote",
        "com.google.keep", "net.shinyfrog.bear-iphone", "com.apple.reminders", "com.culturedcode.thingsiphone",
        "com.apple.pages",
      ]
    ),
    (
      .code,
      [
        "com.panic.prompt3", "com.blink.blinkshell", "com.github.stormbreaker.prod", "com.rarepebble.textastic",
        "com.apple.dt.xcode", "com.microsoft.vscode", "com.apple.terminal", "app.working-copy",
        "com.ish.ios",
      ]
    ),
    (.search, ["com.google.googlemobile", "com.apple.mobilesafari.search"]),
  ]
}
