import Testing

/// One golden example: a behaviour in words, the engine's raw text and the text the user should get.
struct GoldenCase: Sendable, CustomTestStringConvertible {
  var behaviour: String
  var input: String
  var expected: String
  var before: String?

  init(_ behaviour: String, _ input: String, _ expected: String, before: String? = nil) {
    self.behaviour = behaviour
    self.input = input
    self.expected = expected
    self.before = before
  }

  var testDescription: String { behaviour }
}
