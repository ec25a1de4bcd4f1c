import Foundation

/// Recognises a dictation addressed to the assistant: "Hey Utter, write a polite no to Tom's invite."
///
/// Such a dictation is an instruction for the model to carry out, not text to clean up.
public enum AgentAddress {
  /// The words that may open an address.
  static let openers = ["hey", "hi", "hello", "ok", "okay"]

  /// The instruction after "Hey <agentName>" (or hi/hello/ok/okay) at the very start of `text`, or nil when the
  /// text does not start that way. Case, punctuation and white space around the name don't matter.
  public static func instruction(in text: String, agentName: String) -> String? {
    let nameWords = words(agentName)
    guard !nameWords.isEmpty else { return nil }
    let scanner = WordScanner(text)
    guard let opener = scanner.nextWord(), openers.contains(opener) else { return nil }
    for expected in nameWords {
      guard scanner.nextWord() == expected else { return nil }
    }
    let rest = scanner.remainder.drop { $0.isPunctuation || $0.isWhitespace }
    let instruction = String(rest).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !instruction.isEmpty else { return nil }
    return instruction.prefix(1).uppercased() + instruction.dropFirst()
  }

  static func words(_ text: String) -> [String] {
    text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }
}

/// Reads words off the front of a string, remembering where it stopped.
private final class WordScanner {
  private let text: String
  private var index: String.Index

  init(_ text: String) {
    self.text = text
    index = text.startIndex
  }

  /// The next run of letters and digits, lower-cased, skipping anything else before it.
  func nextWord() -> String? {
    while index < text.endIndex, !(text[index].isLetter || text[index].isNumber) {
      index = text.index(after: index)
    }
    let start = index
    while index < text.endIndex, text[index].isLetter || text[index].isNumber {
      index = text.index(after: index)
    }
    return start == index ? nil : text[start..<index].lowercased()
  }

  var remainder: Substring { text[index...] }
}
