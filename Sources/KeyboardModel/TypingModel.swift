import Foundation

/// The typing half of the keyboard: which keys show, and the `TypingEdit`s a press makes.
public struct TypingModel: Sendable, Hashable {
  public enum Layout: String, Sendable, Hashable, CaseIterable {
    case qwerty, azerty, qwertz

    /// The layout people writing `language` (a BCP 47 code: `fr`, `de-CH`) expect.
    public static func forLanguage(_ language: String?) -> Layout {
      switch language?.split(separator: "-").first?.lowercased() {
      case "fr": .azerty
      case "de", "cs", "sk", "hu", "sl", "hr", "sq": .qwertz
      default: .qwerty
      }
    }

    var letters: [String] {
      switch self {
      case .qwerty: ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
      case .azerty: ["azertyuiop", "qsdfghjklm", "wxcvbn'"]
      case .qwertz: ["qwertzuiop", "asdfghjklü", "yxcvbnm"]
      }
    }
  }

  public enum Page: Sendable, Hashable { case letters, numbers, symbols }

  public enum Shift: Sendable, Hashable {
    case off
    /// The next letter is a capital (tapped, or turned on by auto-capitalisation).
    case once
    /// Caps lock: a double tap of shift.
    case locked
  }

  /// `UITextAutocapitalizationType` by raw value.
  public enum Capitalization: Int, Sendable, Hashable, CaseIterable {
    case none = 0, words, sentences, allCharacters
  }

  public enum Key: Sendable, Hashable {
    case character(String)
    case shift, delete, space, returnKey
    case page(Page)
    /// The globe: the next keyboard (iOS's `advanceToNextInputMode`).
    case nextKeyboard

    /// A character key's width in letter keys: a key that types more than one character (`.com`) is wider.
    public var widthInLetters: Double {
      if case .character(let title) = self, title.count > 1 { 1.6 } else { 1 }
    }
  }

  /// The language typed in (picked, or the field's): the layout, currency and dictation follow it.
  public internal(set) var language: String?
  public var layout: Layout { .forLanguage(language) }
  public private(set) var page: Page = .letters
  public private(set) var shift: Shift = .off
  public private(set) var capitalization: Capitalization
  /// The return key's label, from the field (`FieldTraits.returnLabel`).
  public private(set) var returnLabel: String
  /// The field's keyboard type (`FieldTraits.keyboardType`): the keys follow it as Apple's keyboard's do.
  public private(set) var keyboardType = "default"
  /// The decimal pad's separator: the region's, as on Apple's decimal pad.
  public var decimalSeparator = Locale.current.decimalSeparator ?? "."
  private var lastShiftTap = -Double.infinity
  private var lastSpace = -Double.infinity
  /// Whether the user turned shift on by hand (auto-capitalisation never turns a hand-set shift off).
  private var shiftByHand = false

  /// Two taps of shift this close make caps lock; two spaces this close make ". ".
  public static let doubleTapWindow = 0.45

  public init(language: String? = nil, capitalization: Capitalization = .sentences, returnLabel: String = "return") {
    self.language = language
    self.capitalization = capitalization
    // NB: an empty field: its first letter is a capital unless the field says otherwise.
    shift = Self.capitalizes(after: "", rule: capitalization) ? .once : .off
    self.returnLabel = returnLabel
  }

  /// The currency sign the number page leads with, by language.
  public var currency: String {
    switch language?.split(separator: "-").first?.lowercased() {
    case "fr", "de", "es", "it", "nl", "pt", "fi", "el", "sk", "sl", "et", "lv", "lt": "€"
    case "ja", "zh": "¥"
    default: language?.hasSuffix("GB") == true ? "£" : "$"
    }
  }

  /// The field's auto-capitalisation, return key label and keyboard type; a new type opens on its first page (the
  /// numbers for `numbersAndPunctuation`), and web search's plain return key is Go, as on Apple's keyboard.
  public mutating func setField(_ capitalization: Capitalization, returnLabel: String, keyboardType: String) {
    self.capitalization = capitalization
    self.returnLabel = keyboardType == "webSearch" && returnLabel == "return" ? "go" : returnLabel
    guard keyboardType != self.keyboardType else { return }
    self.keyboardType = keyboardType
    page = firstPage
  }

  /// The page a field's keyboard opens on and space goes back to.
  private var firstPage: Page { keyboardType == "numbersAndPunctuation" ? .numbers : .letters }

  /// Whether the field takes digits only (a number or decimal pad): three keys a row.
  public var isPad: Bool { ["numberPad", "asciiCapableNumberPad", "decimalPad"].contains(keyboardType) }

  /// The keys, row by row, for the current page and shift.
  public var rows: [[Key]] {
    if isPad {
      let left = keyboardType == "decimalPad" ? Key.character(decimalSeparator) : .nextKeyboard
      return ["123", "456", "789"].map { $0.map { .character(String($0)) } } + [[left, .character("0"), .delete]]
    }
    let characters: [String]
    switch page {
    case .letters:
      characters = layout.letters
    case .numbers:
      characters = ["1234567890", "-/:;()\(currency)&@\"", ".,?!'"]
    case .symbols:
      let others = ["$", "€", "£", "¥"].filter { $0 != currency }.joined()
      characters = ["[]{}#%^*+=", "_\\|~<>\(others)•", ".,?!'"]
    }
    var rows = characters.map { row in row.map { Key.character(shown(String($0))) } }
    rows[2] = [page == .letters ? .shift : .page(page == .numbers ? .symbols : .numbers)] + rows[2] + [.delete]
    let space: [Key] = keyboardType == "url" ? [] : [.space]
    let signs = (Self.besideSpace[keyboardType] ?? []).map { Key.character($0) }
    rows.append([.page(page == .letters ? .numbers : .letters), .nextKeyboard] + space + signs + [.returnKey])
    return rows
  }

  /// The signs Apple's keyboard shows beside the space bar for a field's type (a URL's take its place).
  static let besideSpace = [
    "emailAddress": ["@", "."], "twitter": ["@", "#"], "webSearch": ["."], "url": [".", "/", ".com"],
  ]

  private func shown(_ character: String) -> String {
    page == .letters && shift != .off && character.count == 1 ? character.uppercased() : character
  }

  /// The accents a long press on `letter` offers, the language's most used first.
  public func accents(for letter: String) -> [String] {
    let base = letter.lowercased()
    var options = Self.accentTable[base] ?? []
    if layout == .azerty, base == "e" { options = ["é", "è", "ê", "ë"] + options.filter { !"éèêë".contains($0) } }
    if layout == .qwertz, base == "s" { options = ["ß"] + options.filter { $0 != "ß" } }
    // NB: a letter with no single capital (ß) stays as it is.
    return options.map { shift == .off || $0.uppercased().count > 1 ? $0 : $0.uppercased() }
  }

  static let accentTable: [String: [String]] = [
    "a": ["à", "á", "â", "ä", "æ", "ã", "å", "ā"], "e": ["é", "è", "ê", "ë", "ē", "ė", "ę"],
    "i": ["î", "ï", "í", "ī", "į", "ì"], "o": ["ô", "ö", "ò", "ó", "œ", "ø", "ō", "õ"],
    "u": ["û", "ü", "ù", "ú", "ū"], "c": ["ç", "ć", "č"], "n": ["ñ", "ń"], "s": ["ß", "ś", "š"],
    "y": ["ÿ"], "z": ["ž", "ź", "ż"], "l": ["ł"], ".com": [".org", ".net", ".edu", ".co.uk"],
  ]

  /// What pressing `key` does, given the text before the cursor, at `now` (seconds).
  public mutating func press(_ key: Key, before text: String, now: Double) -> [TypingEdit] {
    defer { if key != .space { lastSpace = -Double.infinity } }
    switch key {
    case .character(let character):
      let typed = shown(character)
      if shift == .once { shift = .off }
      shiftByHand = false
      // NB: an apostrophe or a sign typed on the number page goes back to the letters, as on iPhone.
      if page != .letters, character == "'" { page = .letters }
      updateAutoShift(after: text + typed)
      return [.insert(typed)]
    case .shift:
      shift =
        switch shift {
        case .off: .once
        case .once: now - lastShiftTap <= Self.doubleTapWindow ? .locked : .off
        case .locked: .off
        }
      shiftByHand = shift != .off
      lastShiftTap = now
      return []
    case .delete:
      guard !text.isEmpty else { return [] }
      updateAutoShift(after: String(text.dropLast()))
      return [.deleteBackward(1)]
    case .space:
      defer { lastSpace = now }
      page = firstPage
      // NB: two spaces in a row after a word end the sentence: the first becomes ". ", as on iPhone.
      if now - lastSpace <= Self.doubleTapWindow, text.hasSuffix(" "), let before = text.dropLast().last,
        before.isLetter || before.isNumber
      {
        lastSpace = -Double.infinity
        updateAutoShift(after: text.dropLast() + ". ")
        return [.deleteBackward(1), .insert(". ")]
      }
      updateAutoShift(after: text + " ")
      return [.insert(" ")]
    case .returnKey:
      updateAutoShift(after: text + "\n")
      return [.insert("\n")]
    case .page(let next):
      page = next
      return []
    case .nextKeyboard:
      return [.nextKeyboard]
    }
  }

  /// The field or the cursor changed without a key of ours: follow it (capitals at a sentence's start).
  public mutating func fieldChanged(before text: String) { updateAutoShift(after: text) }

  /// Shift as auto-capitalisation wants it after `text`; a shift the user set by hand, or caps lock, stays.
  private mutating func updateAutoShift(after text: some StringProtocol) {
    guard shift != .locked, !shiftByHand else { return }
    shift = Self.capitalizes(after: text, rule: capitalization) ? .once : .off
  }

  /// Whether the next letter after `text` is a capital under `rule`.
  public static func capitalizes(after text: some StringProtocol, rule: Capitalization) -> Bool {
    switch rule {
    case .none:
      return false
    case .allCharacters:
      return true
    case .words:
      return text.last.map { $0.isWhitespace || $0 == "\n" } ?? true
    case .sentences:
      let trimmed = text.reversed().drop { $0 == " " || $0 == "\t" }
      guard let last = trimmed.first else { return true }
      if last == "\n" { return true }
      // NB: only after a space: "3.5" or "e.g" typed on is no sentence end.
      return text.last == " " && ".!?".contains(last)
    }
  }

  /// What the `count`th repeat of a held delete removes: a character ten times, then a word, as on iPhone.
  public static func heldDelete(repeat count: Int, before text: String) -> TypingEdit? {
    guard !text.isEmpty else { return nil }
    guard count >= 10 else { return .deleteBackward(1) }
    let trailing = text.reversed().prefix { $0.isWhitespace }.count
    let word = text.dropLast(trailing).reversed().prefix { !$0.isWhitespace }.count
    return .deleteBackward(max(1, trailing + word))
  }

  /// A held delete repeats after this many seconds, then every `deleteRepeatInterval` (as on iPhone).
  public static let deleteRepeatDelay = 0.5
  public static let deleteRepeatInterval = 0.1
  /// A drag of the space bar shorter than this (points) is still a tap; past it, each step moves the cursor.
  public static let spaceDragThreshold = 12.0
  public static let pointsPerCursorStep = 8.0

  /// How far the cursor moves for a drag of `points` along the space bar (`pointsPerCursorStep` a character).
  public static func cursorSteps(forDrag points: Double) -> Int {
    Int((points / pointsPerCursorStep).rounded(.towardZero))
  }
}

/// A change to the field a key makes.
public enum TypingEdit: Sendable, Hashable {
  case insert(String)
  case deleteBackward(Int)
  case moveCursor(Int)
  /// Hand the field to the next keyboard.
  case nextKeyboard
}

/// The suggestion bar: the word being typed, ranked candidates, the user's dictionary first.
public enum Suggestions {
  /// The word before the cursor (letters, digits and apostrophes), empty after a space.
  public static func currentWord(before text: String) -> String {
    String(text.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "'" }.reversed())
  }

  /// Up to three suggestions for `word`: dictionary terms it starts, then the checker's, never twice.
  public static func rank(word: String, candidates: [String], terms: [String]) -> [String] {
    guard !word.isEmpty else { return [] }
    let lower = word.lowercased()
    let fromTerms = terms.filter { $0.lowercased().hasPrefix(lower) && $0 != word }
      .sorted { $0.count < $1.count }
    var seen = Set<String>()
    var ranked: [String] = []
    for candidate in fromTerms + candidates where candidate != word && seen.insert(candidate.lowercased()).inserted {
      ranked.append(
        word.first?.isUppercase == true ? candidate.prefix(1).uppercased() + String(candidate.dropFirst()) : candidate)
      if ranked.count == 3 { break }
    }
    return ranked
  }

  /// The spell checker's candidates for the word being typed, in `language`: its corrections when `word` is
  /// misspelled, else its completions; none for no word or no language the checker has.
  @MainActor
  public static func candidates(for word: String, language: String?, checker: some SpellChecker) -> [String] {
    guard !word.isEmpty, let language = checkerLanguage(for: language, available: checker.languages) else { return [] }
    return checker.isMisspelled(word, language: language)
      ? checker.guesses(for: word, language: language) : checker.completions(for: word, language: language)
  }

  /// The spell checker's language for `language` among `available`: its code, else English, else any.
  public static func checkerLanguage(for language: String?, available: [String]) -> String? {
    let code = (language ?? "en").split(separator: "-").first.map(String.init) ?? "en"
    return available.first { $0.hasPrefix(code) } ?? available.first { $0.hasPrefix("en") } ?? available.first
  }

  /// Replaces the word before the cursor with `suggestion` and a space (unless one follows).
  public static func accept(_ suggestion: String, before text: String, after: String = "") -> [TypingEdit] {
    let spaced = after.first.map { $0.isWhitespace || ".,;:!?)".contains($0) } ?? false
    return [.deleteBackward(currentWord(before: text).count), .insert(spaced ? suggestion : suggestion + " ")]
  }
}

/// The system's spell checker as the suggestion bar asks it (UIKit's `UITextChecker` on iPhone, on the main actor).
@MainActor
public protocol SpellChecker {
  /// The languages it checks, e.g. `en_US`.
  var languages: [String] { get }
  func isMisspelled(_ word: String, language: String) -> Bool
  /// Its corrections of a misspelled `word`.
  func guesses(for word: String, language: String) -> [String]
  /// Words that `word` begins.
  func completions(for word: String, language: String) -> [String]
}
