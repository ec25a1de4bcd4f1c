import KeyboardModel
import Testing

@Suite("The field's traits, named from UIKit's raw values")
struct FieldTraitsTests {
  @Test(
    "every keyboard type has the name the clean-up and polish read",
    arguments: [
      (0, "default"), (1, "asciiCapable"), (2, "numbersAndPunctuation"), (3, "url"), (4, "numberPad"),
      (5, "phonePad"), (6, "namePhonePad"), (7, "emailAddress"), (8, "decimalPad"), (9, "twitter"),
      (10, "webSearch"), (11, "asciiCapableNumberPad"), (12, "default"), (-1, "default"),
    ])
  func keyboardTypes(rawValue: Int, name: String) {
    #expect(FieldTraits.keyboardType(rawValue: rawValue) == name)
  }

  @Test(
    "the return key says what it will do",
    arguments: [
      (0, "return"), (1, "go"), (2, "search"), (3, "join"), (4, "next"), (5, "route"), (6, "search"), (7, "send"),
      (8, "search"), (9, "done"), (10, "return"), (11, "continue"), (99, "return"),
    ])
  func returnLabels(rawValue: Int, label: String) {
    #expect(FieldTraits.returnLabel(rawValue: rawValue) == label)
  }
}
