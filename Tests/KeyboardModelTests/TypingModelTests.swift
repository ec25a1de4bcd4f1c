import KeyboardModel
import KeyboardSimulation
import Testing

/// Presses `keys` from a fresh model on `text`, returns the field and the model after.
private func typing(
  _ keys: [TypingModel.Key], on text: String = "", model: TypingModel = TypingModel(), times: [Double]? = nil
) -> (String, TypingModel) {
  var model = model
  var field = text
  model.fieldChanged(before: field)
  for (index, key) in keys.enumerated() {
    for edit in model.press(key, before: field, now: times?[index] ?? Double(index)) {
      switch edit {
      case .insert(let inserted): field += inserted
      case .deleteBackward(let count): field.removeLast(min(count, field.count))
      case .moveCursor, .nextKeyboard: break
      }
    }
  }
  return (field, model)
}

/// The keys that type `text` as `utter keyboard`'s `type` step presses them.
private func typed(_ text: String, model start: TypingModel = TypingModel(), gap: Double = 0.1) -> String {
  var model = start
  var field = ""
  var now = 0.0
  for character in text {
    for key in model.keys(toType: character) {
      now += gap
      for edit in model.press(key, before: field, now: now) {
        switch edit {
        case .insert(let inserted): field += inserted
        case .deleteBackward(let count): field.removeLast(min(count, field.count))
        case .moveCursor, .nextKeyboard: break
        }
      }
    }
  }
  return field
}

@Suite("The typing keys")
struct TypingModelTests {
  @Test("the layout follows the language: AZERTY for French, QWERTZ for German, QWERTY otherwise")
  func layouts() {
    #expect(TypingModel.Layout.forLanguage("fr") == .azerty)
    #expect(TypingModel.Layout.forLanguage("fr-CA") == .azerty)
    #expect(TypingModel.Layout.forLanguage("de-CH") == .qwertz)
    #expect(TypingModel.Layout.forLanguage("en-GB") == .qwerty)
    #expect(TypingModel.Layout.forLanguage(nil) == .qwerty)
    let first = { (language: String?) -> [TypingModel.Key] in
      Array(TypingModel(language: language, capitalization: .none).rows[0].prefix(6))
    }
    #expect(TypingModel(language: "en").rows[0].first == .character("Q"), "capitals show while shift is on")
    #expect(first("fr") == ["a", "z", "e", "r", "t", "y"].map { .character($0) })
    #expect(first("de") == ["q", "w", "e", "r", "t", "z"].map { .character($0) })
    #expect(first("en") == ["q", "w", "e", "r", "t", "y"].map { .character($0) })
  }

  static let capitalizationCases: [(TypingModel.Capitalization, String, Bool)] = [
    (.sentences, "", true), (.sentences, "Hi there", false), (.sentences, "Hi there. ", true),
    (.sentences, "Really? ", true), (.sentences, "Wow! ", true), (.sentences, "line\n", true),
    (.sentences, "pi is 3.5", false), (.sentences, "e.g", false), (.sentences, "Hi. ", true),
    (.words, "", true), (.words, "hello ", true), (.words, "hello", false),
    (.allCharacters, "abc", true), (.none, "", false), (.none, "Hi. ", false),
  ]

  @Test(
    "auto-capitalisation follows the field's rule and the text before the cursor",
    arguments: capitalizationCases.indices)
  func autoCapitalization(_ index: Int) {
    let (rule, text, capital) = Self.capitalizationCases[index]
    #expect(TypingModel.capitalizes(after: text, rule: rule) == capital, "\(rule) after '\(text)'")
    let (field, _) = typing([.character("a")], on: text, model: TypingModel(capitalization: rule))
    #expect(field == text + (capital ? "A" : "a"), "\(rule) after '\(text)'")
  }

  @Test("shift: once gives one capital, a double tap locks, a third tap releases; a slow second tap turns it off")
  func shiftStates() {
    let plain = TypingModel(capitalization: .none)
    let (once, afterOnce) = typing([.shift, .character("a"), .character("b")], model: plain)
    #expect(once == "Ab")
    #expect(afterOnce.shift == .off)
    let (locked, afterLock) = typing(
      [.shift, .shift, .character("a"), .character("b")], model: plain, times: [0, 0.2, 1, 2])
    #expect(locked == "AB")
    #expect(afterLock.shift == .locked)
    let (released, afterRelease) = typing(
      [.shift, .shift, .shift, .character("a")], model: plain, times: [0, 0.2, 1, 2])
    #expect(released == "a")
    #expect(afterRelease.shift == .off)
    let (slow, _) = typing([.shift, .shift, .character("a")], model: plain, times: [0, 1, 2])
    #expect(slow == "a", "a second tap after the double-tap window turns shift off")
    let (byHand, _) = typing([.shift, .space, .character("a")], model: plain)
    #expect(byHand == " A", "a shift set by hand survives a space")
  }

  @Test("two spaces after a word end the sentence; not after punctuation, not when slow, not on an empty field")
  func doubleSpacePeriod() {
    #expect(typing([.character("h"), .character("i"), .space, .space], times: [0, 0.1, 0.2, 0.4]).0 == "Hi. ")
    #expect(typing([.character("h"), .space, .space], times: [0, 0.2, 1.5]).0 == "H  ", "too slow")
    #expect(typing([.character("?"), .space, .space], on: "Hi", times: [0, 0.1, 0.2]).0 == "Hi?  ")
    #expect(typing([.space, .space], times: [0, 0.1]).0 == "  ")
    #expect(typing([.character("7"), .space, .space], on: "at ", times: [0, 0.1, 0.2]).0 == "at 7. ")
    #expect(typed("hello world  how are you") == "Hello world. How are you")
  }

  @Test("delete removes a character (and brings back a capital at a sentence start); nothing on an empty field")
  func delete() {
    let (field, model) = typing([.delete], on: "Hi. a")
    #expect(field == "Hi. ")
    #expect(model.shift == .once)
    #expect(typing([.delete], on: "").0 == "")
  }

  @Test("held delete: ten characters one at a time, then whole words with the spaces before them")
  func heldDelete() {
    let text = "one two three"
    #expect(TypingModel.heldDelete(repeat: 0, before: text) == .deleteBackward(1))
    #expect(TypingModel.heldDelete(repeat: 9, before: text) == .deleteBackward(1))
    #expect(TypingModel.heldDelete(repeat: 10, before: text) == .deleteBackward(5), "'three'")
    #expect(TypingModel.heldDelete(repeat: 11, before: "one two ") == .deleteBackward(4), "' two' with its space")
    #expect(TypingModel.heldDelete(repeat: 12, before: "") == nil)
  }

  @Test("the space bar dragged moves the cursor a character per 8 points, either way")
  func cursorDrag() {
    #expect(TypingModel.cursorSteps(forDrag: 7) == 0)
    #expect(TypingModel.cursorSteps(forDrag: 17) == 2)
    #expect(TypingModel.cursorSteps(forDrag: -24) == -3)
  }

  @Test("pages: 123 and #+= show digits and symbols with currency signs; space and ' go back to the letters")
  func pages() {
    var model = TypingModel(language: "en")
    _ = model.press(.page(.numbers), before: "", now: 0)
    #expect(model.page == .numbers)
    #expect(model.rows[0] == "1234567890".map { .character(String($0)) })
    #expect(model.rows[1].contains(.character("$")))
    #expect(model.rows[2].first == .page(.symbols))
    _ = model.press(.page(.symbols), before: "", now: 1)
    #expect(model.rows[1].contains(.character("€")) && model.rows[1].contains(.character("£")))
    #expect(!model.rows[1].contains(.character("$")), "the number page has it")
    #expect(model.rows[2].first == .page(.numbers))
    _ = model.press(.space, before: "", now: 2)
    #expect(model.page == .letters)
    #expect(TypingModel(language: "fr").rows.count == 4)
    var french = TypingModel(language: "fr")
    _ = french.press(.page(.numbers), before: "", now: 0)
    #expect(french.rows[1].contains(.character("€")), "euros first in French")
    #expect(typed("it's 5$ or 4€ (ok)") == "It's 5$ or 4€ (ok)")
  }

  @Test("the last row: page, globe, space, return with the field's label; the third row: shift and delete")
  func keyKinds() {
    let model = TypingModel(returnLabel: FieldTraits.returnLabel(rawValue: 7))
    #expect(model.rows[3] == [.page(.numbers), .nextKeyboard, .space, .returnKey])
    #expect(model.returnLabel == "send")
    #expect(model.rows[2].first == .shift && model.rows[2].last == .delete)
    var globe = model
    #expect(globe.press(.nextKeyboard, before: "", now: 0) == [.nextKeyboard])
    #expect(typing([.returnKey, .character("b")], on: "a").0 == "a\nB", "a new line starts a sentence")
  }

  @Test("long-press accents, the language's own first, in capitals when shift is on")
  func accents() {
    #expect(TypingModel(language: "fr", capitalization: .none).accents(for: "e").prefix(2) == ["é", "è"])
    #expect(TypingModel(language: "de").accents(for: "s").first == "ß", "no capital ß")
    #expect(TypingModel(language: "en", capitalization: .none).accents(for: "c") == ["ç", "ć", "č"])
    #expect(TypingModel(capitalization: .sentences).accents(for: "a").first == "À", "shift is on at the start")
    #expect(TypingModel().accents(for: "q").isEmpty)
    #expect(typed("café à 9h", model: TypingModel(language: "fr")) == "Café à 9h")
  }

  @Test("capitals typed by hand press shift first; a lower-case letter is its key, so auto-capitals apply")
  func keysForCharacters() {
    let model = TypingModel(capitalization: .none)
    #expect(model.keys(toType: "A") == [.shift, .character("a")])
    #expect(model.keys(toType: "a") == [.character("a")])
    #expect(model.keys(toType: "7") == [.page(.numbers), .character("7")])
    #expect(model.keys(toType: "€") == [.page(.numbers), .page(.symbols), .character("€")])
    #expect(model.keys(toType: " ") == [.space])
    #expect(typed("Ask NASA", model: model) == "Ask NASA")
  }

  @Test("the suggestion bar: learned names first, then the checker's words, three at most, never the word itself")
  func suggestions() {
    #expect(Suggestions.currentWord(before: "send it to Sio") == "Sio")
    #expect(Suggestions.currentWord(before: "done ") == "")
    #expect(
      Suggestions.rank(word: "sio", candidates: ["son", "sip", "six", "sio"], terms: ["Siobhan", "Sam"])
        == ["Siobhan", "son", "sip"])
    #expect(Suggestions.rank(word: "Teh", candidates: ["the", "ten"], terms: []) == ["The", "Ten"])
    #expect(Suggestions.rank(word: "", candidates: ["a"], terms: []) == [])
    #expect(
      Suggestions.accept("Siobhan", before: "send it to Sio") == [.deleteBackward(3), .insert("Siobhan ")])
  }

  @Test(
    "the checker's candidates: corrections of a misspelled word, completions of a right one, in the field's language")
  @MainActor
  func checkerCandidates() {
    let checker = WordListChecker(languages: ["de_DE", "en_GB", "fr_FR"], words: ["the", "then", "there", "ten"])
    #expect(Suggestions.candidates(for: "teh", language: "en", checker: checker) == ["ten", "the"])
    #expect(Suggestions.candidates(for: "the", language: "en", checker: checker) == ["then", "there"])
    #expect(Suggestions.candidates(for: "", language: "en", checker: checker) == [])
    #expect(checker.asked == ["en_GB", "en_GB"], "no question for an empty word")
    _ = Suggestions.candidates(for: "the", language: "fr-CA", checker: checker)
    #expect(checker.asked.last == "fr_FR", "the field's language, by its code")
    _ = Suggestions.candidates(for: "the", language: "ja", checker: checker)
    #expect(checker.asked.last == "en_GB", "English where the checker lacks the language")
    let none = WordListChecker(languages: [], words: ["the"])
    #expect(Suggestions.candidates(for: "teh", language: "en", checker: none) == [], "a checker with no language")
  }

  @Test("a key that types more than one character is 1.6 letters wide; every other key is one")
  func keyWidths() {
    #expect(TypingModel.Key.character(".com").widthInLetters == 1.6)
    #expect(TypingModel.Key.character("a").widthInLetters == 1)
    #expect(TypingModel.Key.character("é").widthInLetters == 1, "one character, however it is encoded")
    #expect(TypingModel.Key.space.widthInLetters == 1)
  }
}

/// A spell checker over a word list: a word is misspelled when the list lacks it; its guesses are the list's words
/// of its length and first letter, its completions the words it begins. Remembers the languages asked.
private final class WordListChecker: SpellChecker {
  let languages: [String]
  let words: [String]
  private(set) var asked: [String] = []

  init(languages: [String], words: [String]) { (self.languages, self.words) = (languages, words) }

  func isMisspelled(_ word: String, language: String) -> Bool {
    asked.append(language)
    return !words.contains(word)
  }

  func guesses(for word: String, language: String) -> [String] {
    words.filter { $0.count == word.count && $0.first == word.first }.sorted()
  }

  func completions(for word: String, language: String) -> [String] {
    words.filter { $0.hasPrefix(word) && $0 != word }
  }
}
