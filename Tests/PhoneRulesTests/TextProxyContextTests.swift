import KeyboardModel
import KeyboardRules
import KeyboardSimulation
import Testing

@Suite("What a keyboard's text document proxy reveals")
struct TextProxyContextTests {
  static let letter = "Dear team,\nThe first point is done. The second is not."

  @Test("before the cursor: back to the start of the sentence, never the line before")
  func sentenceWindow() {
    #expect(TextProxyContext.before(Self.letter) == "The second is not.")
    #expect(!TextProxyContext.before(Self.letter).contains("Dear"))
    #expect(TextProxyContext.before("Dear team,\nThe first point is done. ") == "The first point is done. ")
    #expect(TextProxyContext.before("Dear team,\nThe first point") == "The first point")
    #expect(TextProxyContext.before("Dear team,\n") == "", "at a line's start the keyboard sees nothing")
    #expect(TextProxyContext.before("") == "")
  }

  @Test("a long sentence shows only its last characters")
  func capped() {
    let long = String(repeating: "word ", count: 100)
    let shown = TextProxyContext.before(long)
    #expect(shown.count == TextProxyContext.maxCharacters)
    #expect(long.hasSuffix(shown))
  }

  @Test("after the cursor: to the end of the sentence or the line")
  func afterWindow() {
    #expect(TextProxyContext.after(" point is done. The second is not.") == " point is done.")
    #expect(TextProxyContext.after("team,\nThe first") == "team,")
    #expect(TextProxyContext.after("") == "")
    #expect(TextProxyContext.after(". Next one.") == ". Next one.", "a mark before any word does not end it")
  }

  @Test("an edit shows in the context only from the next turn of the run loop")
  func asynchronousUpdate() {
    var update = TextProxyContext.Update(before: "Hello", after: "")
    update.edited()
    #expect(update.isStale)
    #expect(update.before == "Hello", "still the text from before the insertion")
    update.nextTurn(before: "Hello there. How are you", after: "")
    #expect(!update.isStale)
    #expect(update.before == "How are you")
  }

  @Test("it shows nothing before the cursor exactly at a line's start, as the keyboard's undo assumes")
  func emptyOnlyAtLineStart() {
    for text in ["", "Dear team,\n", "Hi.\n", "Hi. ", "Hi.\t ", " ", "one. two", "\n\n", "a\nb"] {
      #expect(TextProxyContext.before(text).isEmpty == (text.last.map { $0 == "\n" } ?? true), "\(text)")
    }
  }
}

@Suite("What a keyboard without Full Access can do")
struct KeyboardWithoutFullAccessTests {
  @Test("from iOS 26 it can open no URL, Settings included; before, it could")
  func openingURLs() {
    #expect(KeyboardWithoutFullAccess(iOSMajorVersion: 26).canOpenURLs == false)
    #expect(KeyboardWithoutFullAccess(iOSMajorVersion: 27).canOpenURLs == false)
    #expect(KeyboardWithoutFullAccess(iOSMajorVersion: 18).canOpenURLs)
  }
}
