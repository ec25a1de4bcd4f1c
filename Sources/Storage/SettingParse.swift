import DictationValues
import Foundation

/// Validation of setting values typed as text.
enum SettingParse {
  static func invalid(_ key: String, _ text: String, _ expectation: String) -> StorageError {
    StorageError(.invalidInput, "invalid value '\(text)' for \(key): \(expectation)")
  }

  /// A lowercase id such as `whisper`, `openai-compatible` or `none`.
  static func identifier(_ key: String, _ text: String) throws -> String {
    let value = text.lowercased()
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_.")
    guard let first = value.first, first.isLetter || first.isNumber, value.count <= 64,
      value.allSatisfy({ allowed.contains($0) })
    else { throw invalid(key, text, "expected an id of letters, digits, '-', '_' or '.'") }
    return value
  }

  /// A model name: non-empty, no spaces, at most 200 characters.
  static func model(_ key: String, _ text: String) throws -> String {
    guard !text.isEmpty else { throw invalid(key, text, "expected a model name") }
    return try optionalModel(key, text)
  }

  static func optionalModel(_ key: String, _ text: String) throws -> String {
    guard text.count <= 200, !text.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 32 } == true })
    else { throw invalid(key, text, "expected a model name without spaces") }
    return text
  }

  /// Empty, or an http(s) address such as `http://localhost:8080/v1`.
  static func optionalURL(_ key: String, _ text: String) throws -> String {
    if text.isEmpty { return text }
    guard text.count <= 500, let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
      url.host?.isEmpty == false
    else { throw invalid(key, text, "expected an http(s) address such as http://localhost:8080/v1, or empty") }
    return text
  }

  /// `auto` or a language tag such as `en`, `fr`, `pt-BR`, `zh-Hant`.
  static func language(_ key: String, _ text: String) throws -> String {
    if text.lowercased() == LanguageChoice.automatic { return LanguageChoice.automatic }
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).flatMap {
      $0.split(separator: "_", omittingEmptySubsequences: false)
    }
    guard let primary = parts.first, (2...3).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }),
      parts.dropFirst().allSatisfy({
        (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      })
    else { throw invalid(key, text, "expected a language code such as en, fr or pt-BR, or auto") }
    return ([primary.lowercased()] + parts.dropFirst().map(String.init)).joined(separator: "-")
  }

  /// Language codes, comma-separated (`en, FR` → `en,fr`), without repeats; empty for any.
  static func languageList(_ key: String, _ text: String) throws -> String {
    var codes: [String] = []
    for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
      guard part.lowercased() != LanguageChoice.automatic else {
        throw invalid(key, text, "expected language codes such as en,fr, or \"\" for any")
      }
      let code = try language(key, part)
      if !codes.contains(code) { codes.append(code) }
    }
    return codes.joined(separator: ",")
  }

  /// A language code, or empty for none (`auto` is no language to write in).
  static func optionalLanguage(_ key: String, _ text: String) throws -> String {
    guard !text.isEmpty else { return "" }
    guard text.lowercased() != LanguageChoice.automatic else {
      throw invalid(key, text, "expected a language code such as en or fr, or \"\" for none")
    }
    return try language(key, text)
  }

  /// A display name: 1 to 40 characters on one line.
  static func name(_ key: String, _ text: String) throws -> String {
    guard (1...40).contains(text.count), !text.contains(where: { $0.isNewline }) else {
      throw invalid(key, text, "expected a name of 1 to 40 characters")
    }
    return text
  }

  static func bool(_ key: String, _ text: String) throws -> Bool {
    switch text.lowercased() {
    case "on", "true", "yes", "1", "enabled": return true
    case "off", "false", "no", "0", "disabled": return false
    default: throw invalid(key, text, "expected on or off")
    }
  }

  /// Seconds written as `90`, `90s`, `2m` or `1h`.
  static func duration(_ key: String, _ text: String, range: ClosedRange<Double>) throws -> Double {
    let lower = text.lowercased()
    var multiplier = 1.0
    var digits = Substring(lower)
    if let unit = lower.last, "smh".contains(unit) {
      multiplier = unit == "h" ? 3600 : unit == "m" ? 60 : 1
      digits = lower.dropLast()
    }
    guard let value = Double(digits), value.isFinite, range.contains(value * multiplier) else {
      throw invalid(
        key, text,
        "expected a duration from \(formatSeconds(range.lowerBound)) to \(formatSeconds(range.upperBound))"
          + " (e.g. 90s, 2m)")
    }
    return value * multiplier
  }

  /// A plain number within `range`.
  static func number(_ key: String, _ text: String, range: ClosedRange<Double>) throws -> Double {
    guard let value = Double(text), range.contains(value) else {
      throw invalid(
        key, text, "expected a number from \(formatNumber(range.lowerBound)) to " + formatNumber(range.upperBound))
    }
    return value
  }

  /// Common spellings of choice values: `5min` → `5m`, `none` → `off`, `1 hour` → `1h`.
  static func choiceAlias(_ text: String) -> String {
    let compact = text.lowercased().replacingOccurrences(of: " ", with: "")
    let aliases: [String: String] = [
      "5min": "5m", "5minutes": "5m", "15min": "15m", "15minutes": "15m", "60m": "1h", "1hour": "1h",
      "60min": "1h", "30days": "30d", "24hours": "24h", "1d": "24h", "none": "off", "zero": "off", "0": "off",
      "auto": "system",
    ]
    return aliases[compact] ?? compact
  }

  static func formatSeconds(_ seconds: Double) -> String {
    if seconds >= 3600, seconds.truncatingRemainder(dividingBy: 3600) == 0 { return "\(Int(seconds / 3600))h" }
    if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60))m" }
    return "\(formatNumber(seconds))s"
  }

  static func formatNumber(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
