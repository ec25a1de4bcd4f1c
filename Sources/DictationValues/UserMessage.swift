import Foundation

/// One line for the user from any error: ours already read as a sentence; Apple's NSErrors give their localized
/// description rather than "Error Domain=…".
public enum UserMessage {
  public static func of(_ error: any Error) -> String {
    if let localized = error as? any LocalizedError, let text = localized.errorDescription { return text }
    let text = String(describing: error)
    return text.hasPrefix("Error Domain=") ? error.localizedDescription : text
  }
}
