import Foundation
import KeyboardSimulation
import SessionChannel
import TestSupport
import Testing
import WordMatching

@testable import KeyboardModel

@Suite("The typing keys in a keyboard session")
struct TypingSessionTests {
  @Test("a suggestion tapped over a misheard name in a dictation is reported to word learning, like any edit")
  func suggestionCorrection() async throws {
    let dir = try TemporaryDirectory("keyboard-typing")
    defer { dir.remove() }
    let (keyboard, app) = try await keyboardAfterDictating(
      " Send the draft to Shivor before lunch.", into: "Note.", in: dir)
    // The user drags the space bar back to the end of the name, and the bar offers the right spelling.
    await keyboard.perform(.moveCursor(-" before lunch.".count))
    #expect(await keyboard.typingState.word == "Shivor")
    await keyboard.perform(.suggestion("Siobhan"))
    #expect(await keyboard.document.text == "Note. Send the draft to Siobhan before lunch.")
    await keyboard.disappear()
    let commands = app.readCommands().value?.commands ?? []
    #expect(commands.map(\.kind) == [.ack, .correction])
    let edit = try #require(commands.last?.edit)
    #expect(
      CorrectedWords.found(inserted: edit.inserted, edited: edit.edited, inView: edit.inView) == [
        CorrectedWords(heard: "Shivor", corrected: "Siobhan")
      ])
  }

  @Test("the conversation's language sets the layout and goes with the dictation; a pick and a setting beat it")
  func languageAndStyle() async throws {
    let dir = try TemporaryDirectory("keyboard-typing")
    defer { dir.remove() }
    let (keyboard, app) = try await keyboardAfterDictating("Hi.", into: "", in: dir)
    await keyboard.setLanguage(picked: nil, field: "fr-FR")
    #expect(await keyboard.typing.layout == .azerty)
    #expect(await keyboard.typing.currency == "€", "the number page leads with the language's currency, not $")
    await keyboard.perform(.style("casual"))
    await keyboard.tapStart()
    let start = app.readCommands().value?.commands.last
    #expect(start?.kind == .start)
    #expect(start?.context?.language == "fr")
    #expect(start?.context?.style == "casual")

    await keyboard.setLanguage(picked: "de", field: "fr-FR")
    #expect(await keyboard.typing.language == "de")
    #expect(await keyboard.typing.layout == .qwertz)
    await keyboard.disappear()

    var english = KeyboardConfiguration()
    english.settings.language = "en"
    let (setToEnglish, _) = try await keyboardAfterDictating("Hi.", into: "", in: dir, configuration: english)
    await setToEnglish.setLanguage(picked: nil, field: "fr-FR")
    #expect(await setToEnglish.typing.language == "en")
    #expect(await setToEnglish.typing.layout == .qwerty)
    await setToEnglish.disappear()
  }

  @Test("a held delete takes ten characters one by one, then whole words, through the session")
  func heldDelete() async throws {
    let dir = try TemporaryDirectory("keyboard-typing")
    defer { dir.remove() }
    let (keyboard, _) = try await keyboardAfterDictating(
      " See you at the station tomorrow", into: "Plans:", in: dir)
    for count in 0..<10 { await keyboard.perform(.holdDelete(repeat: count)) }
    #expect(await keyboard.document.text == "Plans: See you at the statio")
    await keyboard.perform(.holdDelete(repeat: 10))
    #expect(await keyboard.document.text == "Plans: See you at the ")
    await keyboard.perform(.holdDelete(repeat: 11))
    #expect(await keyboard.document.text == "Plans: See you at ")
    await keyboard.disappear()
  }

  @Test("the field's input mode names a language; modes that are not one, and auto, name none")
  func languageCodes() {
    #expect(KeyboardLanguage.code("fr-FR") == "fr")
    #expect(KeyboardLanguage.code("de_CH") == "de")
    #expect(KeyboardLanguage.code("pt-BR") == "pt-BR")
    #expect(KeyboardLanguage.code("zh-Hans") == "zh")
    for none in [nil, "", "auto", "mul", "emoji", "dictation"] { #expect(KeyboardLanguage.code(none) == nil) }
    #expect(KeyboardLanguage.resolve(picked: nil, setting: "auto", field: "fr-CA") == "fr")
    #expect(KeyboardLanguage.resolve(picked: nil, setting: "es", field: "fr-CA") == "es")
    #expect(KeyboardLanguage.resolve(picked: "it", setting: "es", field: "fr-CA") == "it")
    #expect(KeyboardLanguage.resolve(picked: nil, setting: nil, field: "emoji") == nil)
    #expect(KeyboardLanguage.label("fr") == "FR")
    #expect(KeyboardLanguage.label(nil) == "Auto")
  }

  @Test("the keyboard's height per device and orientation; key clicks and haptics only with Full Access")
  func geometryAndFeedback() {
    let covering = [
      KeyboardPhase.inactive, .ready, .activating(waitingOn: []), .listening(level: 0.2, partialText: ""),
      .interrupted(.call), .transcribing(partialText: ""),
      .inserted(InsertedDictation(resultID: "s1-1", insertedText: "Hi.", formattedText: "Hi.", rawText: "hi")),
      .failed(.needsFullAccess),
    ].filter(\.coversKeys).map(\.name)
    #expect(covering == ["activating", "listening", "interrupted", "transcribing", "error"])

    let phone = KeyboardGeometry(device: .phone, landscape: false, width: 393)
    #expect(phone.height == 266)
    #expect(phone.keyAreaHeight == 214)
    #expect(KeyboardGeometry(device: .phone, landscape: false, width: 375).height == 250)
    #expect(KeyboardGeometry(device: .phone, landscape: true, width: 852).height == 190)
    #expect(KeyboardGeometry(device: .pad, landscape: false, width: 820).height == 312)
    #expect(KeyboardGeometry(device: .pad, landscape: true, width: 1366).height == 368)
    // From the window: landscape when the screen is wider than tall; the screen's width before the view has one.
    let window = KeyboardGeometry(device: .phone, screenWidth: 393, screenHeight: 852, viewWidth: 0)
    #expect(window == phone)
    #expect(KeyboardGeometry(device: .phone, screenWidth: 852, screenHeight: 393, viewWidth: 852).height == 190)
    #expect(KeyboardGeometry(device: .phone, screenWidth: 393, screenHeight: 852, viewWidth: 375).height == 250)

    var settings = KeyboardSettings()
    (settings.haptics, settings.sounds) = (true, true)
    #expect(settings.keyFeedback(fullAccess: true) == (click: true, haptic: true))
    #expect(settings.keyFeedback(fullAccess: false) == (click: false, haptic: false))
    settings.haptics = false
    #expect(settings.keyFeedback(fullAccess: true) == (click: true, haptic: false))
    #expect(settings.interfaceStyleRawValue == 0, "system")
    settings.appearance = "dark"
    #expect(settings.interfaceStyleRawValue == 2)
  }

  @Test("the simulated field's cursor: typing and deleting happen at it, and it stays inside the text")
  func simulatedCursor() {
    var field = SimulatedTextField(text: "Meet tomorrow")
    field.moveCursor(by: -8)
    field.insert("Jon ")
    #expect(field.text == "Meet Jon tomorrow")
    #expect(field.textAfterCursor == "", "the proxy shows the edits of a turn only from the next one")
    field.nextTurn()
    #expect(field.textAfterCursor == "tomorrow")
    field.deleteBackward(count: 4)
    #expect(field.text == "Meet tomorrow")
    field.moveCursor(by: -100)
    field.nextTurn()
    #expect(field.textBeforeCursor == "")
    field.moveCursor(by: 100)
    field.nextTurn()
    #expect(field.textAfterCursor == "")
  }

  @Test("the simulated field shows only the sentence or line at the cursor, as iOS; lenient, it shows everything")
  func strictWindow() {
    let letter = "Dear team,\nThe first point is done. The second is not."
    var field = SimulatedTextField(text: letter)
    #expect(field.textBeforeCursor == "The second is not.")
    field.moveCursor(by: -" The second is not.".count)
    field.nextTurn()
    #expect(field.textBeforeCursor == "The first point is done.")
    #expect(field.textAfterCursor == " The second is not.")
    #expect(field.wholeTextBeforeCursor == "Dear team,\nThe first point is done.")
    #expect(SimulatedTextField(text: letter, lenient: true).textBeforeCursor == letter)
  }
}
