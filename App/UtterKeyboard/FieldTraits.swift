import UIKit

/// Names for the text field's traits, as sent to the app in the start command (the app adapts formatting:
/// no capitalisation in a URL field, digits in a number pad...).
enum FieldTraits {
  /// The keyboard type's name, spelled as LLMPolish's `KeyboardType` raw values.
  static func name(of type: UIKeyboardType?) -> String? {
    guard let type else { return nil }
    switch type {
    case .default: return "default"
    case .asciiCapable: return "asciiCapable"
    case .numbersAndPunctuation: return "numbersAndPunctuation"
    case .URL: return "url"
    case .numberPad: return "numberPad"
    case .phonePad: return "phonePad"
    case .namePhonePad: return "namePhonePad"
    case .emailAddress: return "emailAddress"
    case .decimalPad: return "decimalPad"
    case .twitter: return "twitter"
    case .webSearch: return "webSearch"
    case .asciiCapableNumberPad: return "asciiCapableNumberPad"
    @unknown default: return "default"
    }
  }

  static func name(of type: UIReturnKeyType?) -> String? {
    guard let type else { return nil }
    switch type {
    case .default: return "default"
    case .go: return "go"
    case .google, .yahoo, .search: return "search"
    case .join: return "join"
    case .next: return "next"
    case .route: return "route"
    case .send: return "send"
    case .done: return "done"
    case .emergencyCall: return "emergency-call"
    case .continue: return "continue"
    @unknown default: return "default"
    }
  }

  /// The label for the return key.
  static func returnLabel(_ type: UIReturnKeyType?) -> String {
    switch type {
    case .go: "go"
    case .google, .yahoo, .search: "search"
    case .join: "join"
    case .next: "next"
    case .route: "route"
    case .send: "send"
    case .done: "done"
    case .continue: "continue"
    default: "return"
    }
  }
}
