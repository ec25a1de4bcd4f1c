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
  /// The language the user last wrote in this field (its `documentInputMode`, e.g. `fr`), or the one picked on the
  /// keyboard: dictation follows it when the settings leave the language to detection.
  public var language: String?

  public init(
    textBeforeCursor: String = "", keyboardType: String? = nil, contentType: String? = nil,
    appBundleID: String? = nil, language: String? = nil
  ) {
    self.language = language
    self.textBeforeCursor = textBeforeCursor
    self.keyboardType = keyboardType
    self.contentType = contentType
    self.appBundleID = appBundleID
  }
}
