import CLISupport
import Foundation
import KeyboardModel

/// One step of a `utter keyboard --script`.
enum SessionScriptStep: Equatable {
  case start, stop, keepGoing, cancel, undo, useRaw, endSession, status
  case wait(Double)
  /// Holds the mic key this many seconds and lets it go (hold to talk).
  case hold(Double)
  case waitInsert(Double)
  /// Waits until the keyboard shows the named phase (e.g. `inactive`).
  case waitPhase(String, Double)
  /// Waits until the live text shown while dictating contains the words (case and punctuation aside).
  case waitPartial(String, Double)
  /// Waits until the line under the live text (microphone, countdown to the cap, keep going) contains the text.
  case waitNote(String, Double)
  /// Presses the keys that type the text, in order.
  case type(String)
  /// Presses delete this many times.
  case delete(Int)
  /// Selects this many characters before the cursor, as the user dragging over them.
  case select(Int)
  /// Prints the whole field on standard output.
  case field
  /// Prints what the keyboard can see before the cursor on standard output (iOS shows only the sentence or line).
  case context
  /// Prints the keys as they show (a row a line), or the suggestion bar's words from the dictionary's terms.
  case keys, suggestions
  /// Prints the keyboard process's peak memory against a keyboard's ceiling (`KeyboardMemory`).
  case memory
  /// Replaces the last occurrence of the first text in the field with the second, as the user editing it would.
  case replace(String, String)
  /// Taps a suggestion: the word replaces the one before the cursor.
  case accept(String)
  /// Drags the space bar this many characters (negative: back).
  case cursor(Int)
  /// Picks a language (`auto`: the settings', then the field's) or a style (`auto`: the app's) on the keyboard.
  case language(String?)
  case style(String?)

  /// The keyboard tap this step is, if it is one.
  var tap: KeyboardTap? {
    switch self {
    case .start: .start
    case .stop: .stop
    case .keepGoing: .keepGoing
    case .cancel: .cancel
    case .undo: .undo
    case .useRaw: .useRaw
    case .endSession: .endSession
    default: nil
    }
  }

  /// `text` lower-cased with only letters, digits and single spaces, to compare words heard.
  static func words(_ text: String) -> String {
    String(text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : " " }).split(separator: " ").joined(separator: " ")
  }

  /// Parses `;`-separated steps, e.g. `start; wait 3; stop; wait-insert 10`.
  static func parse(_ script: String) throws -> [SessionScriptStep] {
    try script.split(separator: ";").compactMap { part in
      let trimmed = part.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty else { return nil }
      let verb = trimmed.prefix { !$0.isWhitespace }
      let rest = trimmed.dropFirst(verb.count).trimmingCharacters(in: .whitespaces)
      func seconds() throws -> Double {
        guard let value = Double(rest), value >= 0, value <= 86_400 else {
          throw CLIError("'\(verb)' needs a number of seconds, got '\(rest)'")
        }
        return value
      }
      switch verb {
      case "start": return .start
      case "stop": return .stop
      case "keep-going": return .keepGoing
      case "cancel": return .cancel
      case "undo": return .undo
      case "use-raw": return .useRaw
      case "end-session": return .endSession
      case "status": return .status
      case "field": return .field
      case "context": return .context
      case "keys": return .keys
      case "suggestions": return .suggestions
      case "memory": return .memory
      case "delete", "select":
        guard let count = Int(rest), (1...10_000).contains(count) else {
          throw CLIError("'\(verb)' needs a number from 1 to 10000, got '\(rest)'")
        }
        return verb == "delete" ? .delete(count) : .select(count)
      case "wait": return .wait(try seconds())
      case "hold": return .hold(try seconds())
      case "wait-insert": return .waitInsert(try seconds())
      case "wait-phase":
        let words = rest.split(separator: " ")
        guard words.count == 2, let limit = Double(words[1]) else {
          throw CLIError("'wait-phase' needs a phase and seconds, e.g. 'wait-phase inactive 5'")
        }
        return .waitPhase(String(words[0]), limit)
      case "replace":
        let operands = try quotedOperands(rest)
        guard operands.count == 2, !operands[0].isEmpty else {
          throw CLIError(
            "'replace' needs the old and the new text, e.g. 'replace Shivor Siobhan' or 'replace \"I am\" Niamh'")
        }
        return .replace(operands[0], operands[1])
      case "wait-partial", "wait-note":
        guard let space = rest.lastIndex(of: " "),
          let limit = Double(rest[space...].trimmingCharacters(in: .whitespaces)),
          limit >= 0, limit <= 86_400
        else {
          throw CLIError("'\(verb)' needs words and seconds, e.g. '\(verb) quick brown 5'")
        }
        let text = String(rest[..<space]).trimmingCharacters(in: .whitespaces)
        return verb == "wait-note" ? .waitNote(text, limit) : .waitPartial(text, limit)
      case "accept":
        guard !rest.isEmpty, !rest.contains(" ") else { throw CLIError("'accept' needs one word, e.g. 'accept John'") }
        return .accept(rest)
      case "cursor":
        guard let count = Int(rest), abs(count) <= 100_000 else {
          throw CLIError("'cursor' needs a number of characters, e.g. 'cursor -3', got '\(rest)'")
        }
        return .cursor(count)
      case "language", "style":
        // NB: a saved style's name may have spaces ("style Team chat"); a language code has none.
        guard !rest.isEmpty, verb == "style" || !rest.contains(" ") else {
          throw CLIError("'\(verb)' needs a name or auto, e.g. '\(verb) \(verb == "style" ? "casual" : "fr")'")
        }
        let value = rest == "auto" ? nil : rest
        return verb == "style" ? .style(value) : .language(value)
      case "type":
        // NB: keep the user's spacing after the verb's single separating space.
        return .type(String(part.drop { $0 == " " }.dropFirst(4).dropFirst(1)))
      default:
        throw CLIError(
          "unknown keyboard step '\(verb)' (steps: start, stop, keep-going, cancel, hold S, wait S, wait-insert S, wait-phase P S, "
            + "wait-partial TEXT S, wait-note TEXT S, type TEXT, delete N, accept WORD, cursor N, language L, style S, field, context, "
            + "keys, suggestions, replace OLD NEW, undo, use-raw, status, end-session)")
      }
    }
  }

  /// Words separated by spaces, where double quotes group several words into one (`"I am" Niamh`).
  static func quotedOperands(_ text: String) throws -> [String] {
    var operands: [String] = []
    var current = ""
    var quoted = false
    var started = false
    for character in text {
      if character == "\"" {
        if quoted {
          operands.append(current)
        } else if started {
          throw CLIError("a quote must start a word: \(text)")
        }
        quoted.toggle()
        current = ""
        started = false
      } else if character == " " && !quoted {
        if started { operands.append(current) }
        current = ""
        started = false
      } else {
        current.append(character)
        started = true
      }
    }
    if quoted { throw CLIError("an unclosed quote in '\(text)'") }
    if started { operands.append(current) }
    return operands
  }
}
