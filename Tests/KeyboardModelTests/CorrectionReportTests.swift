import KeyboardModel
import KeyboardRules
import KeyboardSimulation
import SessionChannel
import Testing
import WordMatching

extension InsertionWatch {
  /// What the app learns from the edit the keyboard reports now: the keyboard reads the edit, the app aligns it.
  func corrections(before: String, after: String) -> [CorrectedWords] {
    guard let edit = edit(before: before, after: after) else { return [] }
    return CorrectedWords.found(inserted: edit.inserted, edited: edit.edited, inView: edit.inView)
  }
}

@Suite("Keyboard: reading back the user's corrections of inserted text")
struct CorrectionReportTests {
  static let inserted = " Send the draft to Shivor and I am before lunch."

  func watching(before: String = "Notes:", after: String = "") -> InsertionWatch? {
    InsertionWatch(inserted: Self.inserted, before: before, after: after)
  }

  @Test("a word fixed inside the insertion is reported, with nothing from the rest of the field")
  func fixedWord() throws {
    let watch = try #require(watching(before: "Private: my PIN is 1234. Notes:"))
    let now = "Private: my PIN is 1234. Notes: Send the draft to Siobhan and I am before lunch."
    #expect(watch.corrections(before: now, after: "") == [CorrectedWords(heard: "Shivor", corrected: "Siobhan")])
  }

  @Test("the span is found between the text before and after it when the cursor sits inside it")
  func cursorInside() throws {
    let watch = try #require(watching(after: " See you."))
    let corrections = watch.corrections(
      before: "Notes: Send the draft to Siobhan", after: " and Niamh before lunch. See you.")
    #expect(
      corrections == [
        CorrectedWords(heard: "Shivor", corrected: "Siobhan"), CorrectedWords(heard: "I am", corrected: "Niamh"),
      ])
  }

  @Test("an untouched, a rewritten or a vanished insertion reports nothing")
  func nothingToReport() throws {
    let watch = try #require(watching(after: " See you."))
    #expect(watch.corrections(before: "Notes:" + Self.inserted, after: " See you.").isEmpty)
    #expect(watch.corrections(before: "Notes: Actually, let us meet on Monday over coffee", after: " See you.").isEmpty)
    #expect(watch.corrections(before: "Something else entirely", after: "").isEmpty)
  }

  @Test("typing after the insertion is not a correction, and only the insertion and the sentence in view are sent")
  func typingAfter() throws {
    let watch = try #require(watching(before: "Private: my PIN is 1234. Notes:"))
    let now = "Private: my PIN is 1234. Notes:" + Self.inserted + " Thanks!"
    #expect(watch.corrections(before: now, after: "").isEmpty)
    let edit = try #require(watch.edit(before: TextProxyContext.before(now), after: ""))
    #expect(edit.edited == nil, "the anchor before it is out of view")
    #expect(edit.inView == "Thanks!")
    #expect(watch.reported(edit)?.edit(before: "Thanks!", after: "") == nil, "a view is reported once")
    #expect(watch.reported(edit)?.edit(before: "Thanks a lot!", after: "")?.inView == "Thanks a lot!")
    let untouched = try #require(watching())
    #expect(untouched.edit(before: "Notes:" + Self.inserted, after: "") == nil, "an untouched insertion sends nothing")
  }

  @Test("an empty or very long insertion is not followed")
  func bounded() {
    #expect(InsertionWatch(inserted: "", before: "", after: "") == nil)
    #expect(InsertionWatch(inserted: String(repeating: "word ", count: 300), before: "", after: "") == nil)
  }

  @Test("an edit goes to a live app as one numbered command; with no app it is dropped")
  func command() {
    var model = KeyboardModel.inserted()
    let words = InsertionEdit(inserted: "Shivor called.", edited: "Siobhan called.", inView: "Siobhan called.")
    let commands = KeyboardModel.commands(model.handle(.insertionEdited(words, now: 105)))
    #expect(commands.map(\.kind) == [.correction])
    #expect(commands.first?.edit == words)
    #expect(commands.first?.sessionID == "s1")
    #expect(commands.first?.seq == 4)

    var gone = KeyboardModel.inserted()
    #expect(gone.handle(.insertionEdited(words, now: 200)).isEmpty, "the app's heartbeat is long stale")
    var fresh = KeyboardModel()
    #expect(fresh.handle(.insertionEdited(words, now: 100)).isEmpty)
  }

  @Test("the simulated field replaces the last occurrence, as a user fixing the newest text would")
  func simulatedReplace() {
    var field = SimulatedTextField(text: "Shivor called. Ask Shivor.")
    let replaced = field.replaceLast("Shivor", with: "Siobhan")
    #expect(replaced)
    #expect(field.text == "Shivor called. Ask Siobhan.")
    let missing = field.replaceLast("Niamh", with: "x")
    #expect(!missing)
    #expect(field.text == "Shivor called. Ask Siobhan.")
  }
}
