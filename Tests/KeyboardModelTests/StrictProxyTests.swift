import DictationValues
import Foundation
import KeyboardModel
import KeyboardRules
import KeyboardSimulation
import SessionChannel
import TestSupport
import Testing
import WordMatching

/// The keyboard against a text field as strict as iOS's proxy: it sees only the sentence or line at the cursor, and
/// its own edits only from its next turn.
@Suite("Keyboard: undo and raw text with only the sentence at the cursor in view")
struct StrictProxyTests {
  static let letter = "Dear team,\nThe first point is done. The second is not."
  static let dictation = "\nThe third point is late. We will finish it on Monday."
  static let raw = "\nthe third point is late we will finish it on monday"

  /// A keyboard that has just inserted `dictation` (raw `raw`) into a field holding `field`.
  static func keyboard(field: String = letter, in dir: TemporaryDirectory) async throws
    -> KeyboardSession<SimulatedTextField>
  {
    try await keyboardAfterDictating(dictation, heard: raw, into: field, in: dir).0
  }

  @Test("undo after a two-sentence dictation on a new line leaves the field exactly as it was")
  func undoLongDictation() async throws {
    let dir = try TemporaryDirectory("strict-proxy")
    defer { dir.remove() }
    let keyboard = try await Self.keyboard(in: dir)
    #expect(await keyboard.document.text == Self.letter + Self.dictation)
    #expect(await keyboard.context() == "We will finish it on Monday.", "the keyboard sees only the last sentence")
    await keyboard.perform(.undo)
    #expect(await keyboard.document.text == Self.letter)
    #expect(await keyboard.model.phase == .ready)
  }

  @Test("raw text replaces exactly the dictation, and undo then removes the raw text")
  func rawThenUndo() async throws {
    let dir = try TemporaryDirectory("strict-proxy")
    defer { dir.remove() }
    let keyboard = try await Self.keyboard(in: dir)
    await keyboard.perform(.useRaw)
    #expect(await keyboard.document.text == Self.letter + Self.raw)
    await keyboard.perform(.undo)
    #expect(await keyboard.document.text == Self.letter)
  }

  @Test("after the user typed or moved the cursor, undo deletes nothing")
  func noUndoAfterAChange() async throws {
    let dir = try TemporaryDirectory("strict-proxy")
    defer { dir.remove() }
    let keyboard = try await Self.keyboard(in: dir)
    await keyboard.edit { field in
      field.moveCursor(by: -7)
      return true
    }
    await keyboard.perform(.undo)
    #expect(await keyboard.document.text == Self.letter + Self.dictation)
    #expect(await keyboard.span == nil)
  }

  @Test("right after a dictation the bar completes its last word, though the proxy still shows the old text")
  func ownEditsInTheSameTurn() async throws {
    let dir = try TemporaryDirectory("strict-proxy")
    defer { dir.remove() }
    let (keyboard, _) = try await keyboardAfterDictating(
      " Send it to Shivor", heard: "send it to shivor", into: "Note:", in: dir)
    #expect(await keyboard.document.textBeforeCursor == "Note:", "the proxy is stale within the turn")
    #expect(await keyboard.typingState.word == "Shivor")
  }
}

@Suite("Keyboard: corrections read back from the sentence in view")
struct SentenceInViewTests {
  @Test("a dictation that repeats the sentence before it: the user's fixes of the second are still read back")
  func repeatedSentence() throws {
    let said = "And the draft to Siobhan and Niamh before lunch."
    let watch = try #require(
      InsertionWatch(inserted: " And the draft to Shiva and I am before lunch.", before: said, after: ""))
    #expect(
      watch.corrections(before: said, after: "") == [
        CorrectedWords(heard: "Shiva", corrected: "Siobhan"), CorrectedWords(heard: "I am", corrected: "Niamh"),
      ])
  }

  @Test("the sentence of a long dictation the cursor is in, when the text before it is out of view")
  func earlierSentence() throws {
    let watch = try #require(
      InsertionWatch(
        inserted: " Call Shivor today. Then send the draft.", before: "Private: PIN 1234. Notes:", after: ""))
    #expect(
      watch.corrections(before: "Call Siobhan", after: " today.") == [
        CorrectedWords(heard: "Shivor", corrected: "Siobhan")
      ])
  }
}

@Suite("Keyboard: what it knows of its last insertion")
struct InsertedSpanTests {
  let span = InsertedSpan(text: " Second one. Third one.", before: "First one.", after: "")

  @Test("the sentence in view agrees with the insertion's end; the text after must be unchanged")
  func agreement() {
    #expect(span.isAtCursor(before: "Third one.", after: ""))
    #expect(span.isAtCursor(before: "First one. Second one. Third one.", after: ""))
    #expect(!span.isAtCursor(before: "Second one.", after: " Third one."), "the cursor moved back")
    #expect(!span.isAtCursor(before: "Fourth one.", after: ""))
    #expect(!span.isAtCursor(before: "", after: ""), "nothing in view: nothing can be checked")
    let line = InsertedSpan(text: "Thanks.\n", before: "", after: "")
    #expect(line.isAtCursor(before: "", after: ""), "after a line break iOS shows nothing, and that agrees")
  }

  @Test("a stale view does not settle it; once settled, any other view loses it")
  func settling() {
    var span = span
    let stale = span.observe(before: "First one.", after: "")
    #expect(stale, "the proxy had not caught up yet")
    let settled = span.observe(before: "Third one.", after: "")
    let again = span.observe(before: "Third one.", after: "")
    #expect(settled && again)
    let moved = span.observe(before: "Third", after: " one.")
    #expect(!moved, "the cursor moved")
    #expect(!span.isAtCursor(before: "Third", after: " one."))
  }
}

@Suite("Keyboard: a selection, as iOS shows it")
struct SelectionProxyTests {
  @Test("iOS shows up to three sentences of a selection whole, and of more only the first and the last")
  func revealed() {
    #expect(TextProxyContext.selection("One. Two. Three.") == "One. Two. Three.")
    #expect(TextProxyContext.selection("One. Two. Three. Four. Five.") == "One. Five.")
    #expect(FieldContext.sentences("Hi Sam.  See you? Yes") == ["Hi Sam.  ", "See you? ", "Yes"])
    #expect(FieldContext.selectionMayBeCut("One. Five."))
    #expect(!FieldContext.selectionMayBeCut("see you tomorrow"))
    #expect(!FieldContext.selectionMayBeCut("One. Two. Three."))
  }

  @Test("the context stops at the selection; typing replaces it and delete removes only it")
  func simulatedSelection() {
    var field = SimulatedTextField(text: "Note: see you tomorrow", selecting: 16)
    #expect(field.selectedText == "see you tomorrow")
    #expect(field.textBeforeCursor == "Note: ")
    field.insert("I look forward to it.")
    #expect(field.text == "Note: I look forward to it.")
    #expect(field.selectedText == nil)

    field.select(3)
    field.deleteBackward(count: 10)
    #expect(field.text == "Note: I look forward to ")
    #expect(field.selectedText == nil)
  }
}
