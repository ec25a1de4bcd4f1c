/// Names for the raw values of UIKit's text input traits (`UITextInputTraits.h`), tested here.
public enum FieldTraits {
  /// `UIKeyboardType`'s cases by raw value.
  public static let keyboardTypes = [
    "default", "asciiCapable", "numbersAndPunctuation", "url", "numberPad", "phonePad", "namePhonePad",
    "emailAddress", "decimalPad", "twitter", "webSearch", "asciiCapableNumberPad",
  ]

  /// The keyboard type's name for `UIKeyboardType(rawValue:)`; an unknown (newer) type is `default`.
  public static func keyboardType(rawValue: Int) -> String {
    keyboardTypes.indices.contains(rawValue) ? keyboardTypes[rawValue] : "default"
  }

  static let returnLabels = [
    "return", "go", "search", "join", "next", "route", "search", "send", "search", "done", "return",
    "continue",
  ]

  /// The return key's label for `UIReturnKeyType(rawValue:)`; an unknown (newer) type is `return`.
  public static func returnLabel(rawValue: Int) -> String {
    returnLabels.indices.contains(rawValue) ? returnLabels[rawValue] : "return"
  }
}
