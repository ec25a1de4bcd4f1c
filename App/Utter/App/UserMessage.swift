import Foundation

/// One line for the user from any error: our errors already read as a sentence; Apple's NSErrors use their
/// localized description rather than "Error Domain=…".
enum UserMessage {
  static func of(_ error: Error) -> String {
    if let localized = error as? LocalizedError, let text = localized.errorDescription { return text }
    let text = String(describing: error)
    return text.hasPrefix("Error Domain=") ? error.localizedDescription : text
  }
}
