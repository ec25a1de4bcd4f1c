/// The text field a dictation goes into, as the keyboard sees it: the one field type of every module (the wire
/// protocol carries it, the clean-up spaces against it, the style and polish read its kind from it).
public struct FieldContext: Codable, Sendable, Hashable {
  /// Text before the cursor (the keyboard sends at most the last few hundred characters); empty when unknown.
  public var textBeforeCursor: String
  /// The field's keyboard type, named as `UIKeyboardType`'s cases are (`default`, `emailAddress`, `URL`, …).
  public var keyboardType: String?
  /// The field's content type, the raw `UITextContentType` value (`emailAddress`, `URL`, `username`, …).
  public var contentType: String?
  /// The bundle id of the app holding the field, when known.
  public var appBundleID: String?
  /// The language the keyboard chose (`DictationLanguage.resolve`, e.g. `fr`), or a request's: dictation and clean-up
  /// follow it; nil leaves it to the settings and detection.
  public var language: String?
  /// The style picked on the keyboard (a built-in or saved style's name); nil: the settings and the field choose.
  public var style: String?
  /// Text selected in the field: the dictation is an instruction for rewriting it (command mode). History keeps the
  /// text that replaced it, as for any dictation, never the selection beside it.
  public var selection: String?

  public init(
    textBeforeCursor: String = "", keyboardType: String? = nil, contentType: String? = nil,
    appBundleID: String? = nil, language: String? = nil, style: String? = nil, selection: String? = nil
  ) {
    self.selection = selection
    self.language = language
    self.style = style
    self.textBeforeCursor = textBeforeCursor
    self.keyboardType = keyboardType
    self.contentType = contentType
    self.appBundleID = appBundleID
  }
}

extension FieldContext {
  /// The built-in styles the keyboard's switch offers (the app's `DictationStyle.builtIn`), with their titles.
  public static let builtInStyles: [(name: String, title: String)] = [
    ("natural", "Natural"), ("formal", "Formal"), ("casual", "Casual"), ("very-casual", "Very casual"),
    ("verbatim", "Word for word"),
  ]
}
