import KeyboardModel
import KeyboardSimulation
import Testing

/// A model for a field of `keyboardType` (with no auto-capitals, as such fields ask).
private func field(_ keyboardType: String, returnLabel: String = "return", separator: String = ".") -> TypingModel {
  var model = TypingModel(capitalization: .none)
  model.decimalSeparator = separator
  model.setField(.none, returnLabel: returnLabel, keyboardType: keyboardType)
  return model
}

/// What a user gets in the field by pressing the keys that type `text` (`utter keyboard`'s `type` step).
private func typed(_ text: String, into start: TypingModel) -> String {
  var model = start
  var field = ""
  for (index, key) in text.flatMap({ model.keys(toType: $0) }).enumerated() {
    for edit in model.press(key, before: field, now: Double(index)) {
      if case .insert(let inserted) = edit { field += inserted }
    }
  }
  return field
}

@Suite("The keys follow the field's keyboard type, as Apple's keyboard does")
struct FieldKeyboardTests {
  @Test("an e-mail field has @ and . beside the space bar: an address is typed without leaving the letters")
  func email() {
    let model = field("emailAddress")
    #expect(model.rows[3] == [.page(.numbers), .nextKeyboard, .space, .character("@"), .character("."), .returnKey])
    #expect(model.keys(toType: "@") == [.character("@")], "no trip to the number page")
    #expect(typed("ana.ruiz@example.com", into: model) == "ana.ruiz@example.com")
    #expect(field("twitter").rows[3].suffix(3) == [.character("@"), .character("#"), .returnKey])
  }

  @Test("a URL field has . / and .com in place of the space bar; .com never turns capital and holds other endings")
  func url() {
    var model = field("url")
    #expect(
      model.rows[3] == [
        .page(.numbers), .nextKeyboard, .character("."), .character("/"), .character(".com"),
        .returnKey,
      ])
    _ = model.press(.shift, before: "", now: 0)
    #expect(model.rows[3].contains(.character(".com")))
    #expect(model.press(.character(".com"), before: "utter", now: 1) == [.insert(".com")])
    #expect(model.accents(for: ".com").prefix(2) == [".org", ".net"])
  }

  @Test("a web search field has . beside the space bar and a Go key, unless the field names its own return key")
  func webSearch() {
    #expect(field("webSearch").rows[3].suffix(3) == [.space, .character("."), .returnKey])
    #expect(field("webSearch").returnLabel == "go")
    #expect(field("webSearch", returnLabel: "search").returnLabel == "search")
    #expect(field("default").returnLabel == "return")
  }

  @Test("a number pad has digits only, three a row, with the globe's place and delete beside 0; letters do nothing")
  func numberPad() {
    let model = field("numberPad")
    #expect(model.isPad)
    #expect(model.rows.count == 4)
    #expect(model.rows[0] == ["1", "2", "3"].map { .character($0) })
    #expect(model.rows[3] == [.nextKeyboard, .character("0"), .delete])
    #expect(typed("PIN 40 72", into: model) == "4072")
    #expect(field("asciiCapableNumberPad").rows == model.rows)
  }

  @Test("a decimal pad has the region's decimal separator left of 0")
  func decimalPad() {
    #expect(field("decimalPad", separator: ",").rows[3] == [.character(","), .character("0"), .delete])
    #expect(typed("12,50", into: field("decimalPad", separator: ",")) == "12,50")
    #expect(typed("12.50", into: field("decimalPad")) == "12.50")
  }

  @Test(
    "numbers and punctuation opens on the number page and space comes back to it; the field's next report keeps ABC")
  func numbersAndPunctuation() {
    var model = field("numbersAndPunctuation")
    #expect(model.page == .numbers)
    _ = model.press(.space, before: "4", now: 0)
    #expect(model.page == .numbers)
    _ = model.press(.page(.letters), before: "4 ", now: 1)
    model.setField(.none, returnLabel: "return", keyboardType: "numbersAndPunctuation")
    #expect(model.page == .letters, "the field reports its traits after every change; only a new type turns the page")
    model.setField(.sentences, returnLabel: "return", keyboardType: "default")
    _ = model.press(.page(.numbers), before: "", now: 2)
    _ = model.press(.space, before: "4", now: 3)
    #expect(model.page == .letters, "a plain field's space goes back to the letters")
  }

  @Test("plain and ASCII-capable fields keep the letters with the space bar (Utter's layouts are all ASCII-capable)")
  func plain() {
    #expect(field("asciiCapable").rows == field("default").rows)
    #expect(field("default").rows[3] == [.page(.numbers), .nextKeyboard, .space, .returnKey])
    #expect(FieldTraits.keyboardType(rawValue: 8) == "decimalPad")
  }
}
