import Testing

@testable import TextPipeline

@Suite("Lists by voice")
struct SpokenListsTests {
  static let cases: [GoldenCase] = [
    GoldenCase("bullet point starts each item", "bullet point milk bullet point eggs", "- Milk\n- Eggs"),
    GoldenCase(
      "a list after its name starts on a new line", "shopping list bullet point milk bullet point eggs",
      "Shopping list\n- Milk\n- Eggs"),
    GoldenCase(
      "the engine's full stops around bullets go", "Bullet point milk. Bullet point eggs.", "- Milk\n- Eggs"),
    GoldenCase("new bullet starts an item", "new bullet call Sam new bullet buy milk", "- Call Sam\n- Buy milk"),
    GoldenCase(
      "a colon before the list stays", "Things to bring: bullet point a tent, bullet point a stove.",
      "Things to bring:\n- A tent\n- A stove"),
    GoldenCase(
      "number one, number two make a numbered list", "number one call Sam number two buy milk number three pay rent",
      "1. Call Sam\n2. Buy milk\n3. Pay rent"),
    GoldenCase(
      "the engine's commas after the numbers go", "Number one, call Sam. Number two, buy milk.",
      "1. Call Sam\n2. Buy milk"),
    GoldenCase("item one, item two make a numbered list", "item one milk item two eggs", "1. Milk\n2. Eggs"),
    GoldenCase(
      "a spoken colon introduces a numbered list", "to do colon number one laundry number two dishes",
      "To do:\n1. Laundry\n2. Dishes"),
    GoldenCase(
      "a new paragraph ends the list", "bullet point milk bullet point eggs new paragraph thanks",
      "- Milk\n- Eggs\n\nThanks."),
    GoldenCase(
      "item one new line item two keeps its words", "item one new line item two new line item three",
      "Item one\nItem two\nItem three."),
    GoldenCase(
      "number one priority stays words", "Our number one priority is safety.", "Our number one priority is safety."),
    GoldenCase(
      "numbers that are the subject of a sentence stay words", "Number one priority is safety, number two is cost.",
      "Number one priority is safety, number two is cost."),
    GoldenCase(
      "the number two on a menu stays words", "I'll have the number two with fries.",
      "I'll have the number two with fries."),
    GoldenCase("a lone number one stays words", "He came in number one.", "He came in number one."),
    GoldenCase(
      "bullet points as a noun stay words", "Bullet points are easier to read.", "Bullet points are easier to read."),
    GoldenCase("the bullet point stays words", "The bullet point is too long.", "The bullet point is too long."),
    GoldenCase(
      "a bullet point inside a sentence stays words", "Add a bullet point for the budget.",
      "Add a bullet point for the budget."),
  ]

  @Test("writes dictated lists one item a line", arguments: cases)
  func writesLists(_ golden: GoldenCase) {
    #expect(TextPipeline().run(golden.input).text == golden.expected)
  }

  @Test("a written list is read back as the same list")
  func idempotent() {
    let list = "Shopping:\n- Milk\n- Eggs\n\n1. Call Sam\n2. Buy milk"
    #expect(TextPipeline().run(list).text == list)
  }
}
