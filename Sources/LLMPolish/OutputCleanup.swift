import Foundation

/// Removes harmless wrappers a model puts around its answer before the safety net judges it: a preface
/// ("Here's the cleaned text:"), quotes or code fences around the whole text, the prompt's delimiters, and a
/// closing note about what was changed. A wrapper the author dictated themselves is kept.
public enum OutputCleanup {
  /// The cleaned output and what was taken off it.
  public struct Cleaned: Sendable, Hashable {
    public var text: String
    /// Short names of the removed wrappers, e.g. `preface`, `quotes`.
    public var removed: [String]
  }

  /// `output` without wrappers, judged against the dictated `input`.
  public static func clean(_ output: String, input: String) -> Cleaned {
    var text = output.trimmingCharacters(in: .whitespacesAndNewlines)
    var removed: [String] = []
    let loweredInput = input.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    for _ in 0..<3 {
      let before = text
      if let inner = withoutFence(text) {
        text = inner
        removed.append("code fence")
      }
      if let inner = withoutDelimiters(text) {
        text = inner
        removed.append("delimiters")
      }
      if let inner = withoutPreface(text, loweredInput: loweredInput) {
        text = inner
        removed.append("preface")
      }
      if let inner = withoutQuotes(text, input: loweredInput) {
        text = inner
        removed.append("quotes")
      }
      if let inner = withoutClosingNote(text, loweredInput: loweredInput) {
        text = inner
        removed.append("note")
      }
      if text == before { break }
    }
    return Cleaned(text: text, removed: removed)
  }

  static func withoutFence(_ text: String) -> String? {
    guard text.hasPrefix("```"), text.hasSuffix("```"), text.count >= 6 else { return nil }
    var lines = text.components(separatedBy: "\n")
    guard lines.count >= 2 else { return nil }
    lines.removeFirst()
    lines[lines.count - 1] = String(lines[lines.count - 1].dropLast(3))
    return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  static func withoutDelimiters(_ text: String) -> String? {
    for tag in ["dictation", "instruction", "selection", "text", "output"] {
      let open = "<\(tag)>"
      let close = "</\(tag)>"
      let lowered = text.lowercased()
      guard lowered.hasPrefix(open) || lowered.hasSuffix(close) else { continue }
      var inner = Substring(text)
      if lowered.hasPrefix(open) { inner = inner.dropFirst(open.count) }
      if lowered.hasSuffix(close) { inner = inner.dropLast(close.count) }
      return inner.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return nil
  }

  private static let prefacePatterns: [NSRegularExpression] = [
    #"^[*_]{0,2}(?:(?:sure|certainly|of course|okay|ok|absolutely|alright|got it|sure thing)[!,.]?\s+)?(?:here(?:'s|’s| is| are| you go)|below is)\b[^\n:]{0,80}:[*_]{0,2}\s*"#,
    #"^[*_]{0,2}(?:the\s+)?(?:cleaned|corrected|polished|rewritten|revised|edited|formatted|fixed|improved)(?:[- ]up)?\s+(?:text|version|dictation|transcript(?:ion)?|message)\s*:[*_]{0,2}\s*"#,
    #"^(?:output|result|rewritten|cleaned)\s*:\s*"#,
  ].compactMap { try? NSRegularExpression(pattern: $0, options: [.caseInsensitive]) }

  static func withoutPreface(_ text: String, loweredInput: String) -> String? {
    let range = NSRange(text.startIndex..., in: text)
    for pattern in prefacePatterns {
      guard let match = pattern.firstMatch(in: text, options: [.anchored], range: range),
        let matched = Range(match.range, in: text)
      else { continue }
      let preface = text[matched].lowercased().trimmingCharacters(in: .whitespacesAndNewlines.union([":"]))
      if loweredInput.hasPrefix(preface) { return nil }
      let rest = text[matched.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
      return rest.isEmpty ? nil : rest
    }
    return nil
  }

  private static let quotePairs: [(Character, Character)] = [
    ("\"", "\""), ("“", "”"), ("'", "'"), ("‘", "’"), ("«", "»"), ("„", "“"),
  ]

  static func withoutQuotes(_ text: String, input: String) -> String? {
    guard let first = text.first, let last = text.last, text.count >= 2 else { return nil }
    for (open, close) in quotePairs where first == open && last == close {
      let inner = text.dropFirst().dropLast()
      guard !inner.contains(open), !inner.contains(close), input.first != open else { return nil }
      return inner.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return nil
  }

  static func withoutClosingNote(_ text: String, loweredInput: String) -> String? {
    let paragraphs = text.components(separatedBy: "\n\n")
    guard paragraphs.count >= 2, let last = paragraphs.last?.trimmingCharacters(in: .whitespacesAndNewlines)
    else { return nil }
    let lowered = last.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "*_( "))
    let offers = ["let me know if", "feel free to", "i hope this helps", "hope this helps", "if you need any"]
    let isNote =
      lowered.hasPrefix("note:") || lowered.hasPrefix("notes:") || lowered.hasPrefix("note that")
      || offers.contains { lowered.hasPrefix($0) }
    let selfReport =
      (lowered.hasPrefix("i've ") || lowered.hasPrefix("i have ") || lowered.hasPrefix("i "))
      && ["corrected", "fixed", "removed", "cleaned", "changed", "kept", "preserved", "made", "adjusted"].contains {
        lowered.contains($0)
      }
    guard isNote || selfReport, !loweredInput.contains(String(lowered.prefix(12))) else { return nil }
    return paragraphs.dropLast().joined(separator: "\n\n").trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
