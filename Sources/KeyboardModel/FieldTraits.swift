/// The names of a text field's traits, from the raw values of UIKit's enums (`UITextInputTraits.h`), so that the
/// mapping is tested here and the keyboard extension only hands over `rawValue`s.
public enum FieldTraits {
  /// `UIKeyboardType`'s cases in raw-value order, named as `FieldContext.keyboardType` and LLMPolish spell them.
  static let keyboardTypes = [
    "default", "asciiCapable", "numbersAndPunctuation", "url", "numberPad", "phonePad", "namePhonePad",
    "emailAddress", "decimalPad", "twitter", "webSearch", "asciiCapableNumberPad",
  ]

  /// The keyboard type's name for `UIKeyboardType(rawValue:)`; an unknown (newer) type is `default`.
  public static func keyboardType(rawValue: Int) -> String {
    keyboardTypes.indices.contains(rawValue) ? keyboardTypes[rawValue] : "default"
  }

  /// `UIReturnKeyType`'s cases in raw-value order, as the return key is labelled (Google and Yahoo say search).
  static let returnLabels = [
    "return", "go", "search", "join", "next", "route", "search", "send", "search", "done", "return",
    "continue",
  ]

  /// The return key's label for `UIReturnKeyType(rawValue:)`; an unknown (newer) type is `return`.
  public static func returnLabel(rawValue: Int) -> String {
    returnLabels.indices.contains(rawValue) ? returnLabels[rawValue] : "return"
  }
}
