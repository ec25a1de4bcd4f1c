import Foundation
import KeyboardModel
import KeyboardSimulation
import SessionChannel
import TestSupport
import Testing

/// The field's types reach the session once (`KeyboardTap.fieldTraits`, at each change of the field); the keys and
/// each dictation's `FieldContext` read the same ones, so history keeps the field the user dictated into.
@Suite("Keyboard: a dictation names the field's keyboard and content type")
struct FieldTypesDictationTests {
  /// The start command a keyboard sends after `traits`, in a live session.
  func startCommand(after traits: [KeyboardTap]) async throws -> (SessionCommand?, TypingModel) {
    let dir = try TemporaryDirectory("keyboard-field")
    defer { dir.remove() }
    let clock = TestClock()
    let (keyboard, app) = try await keyboardInStandby(into: "To: ", in: dir, clock: clock)
    for tap in traits { await keyboard.perform(tap) }
    await keyboard.perform(.style("casual"))
    await keyboard.perform(.start)
    let typing = await keyboard.typing
    await keyboard.disappear()
    return (app.readCommands().value?.commands.last, typing)
  }

  @Test("an e-mail field's keyboard and content type go with the dictation, beside the style, as its keys show them")
  func emailField() async throws {
    let (start, typing) = try await startCommand(after: [
      .fieldTraits(.none, returnLabel: "return", keyboardType: "emailAddress", contentType: "emailAddress")
    ])
    #expect(start?.kind == .start)
    #expect(start?.context?.keyboardType == "emailAddress")
    #expect(start?.context?.contentType == "emailAddress")
    #expect(start?.context?.style == "casual")
    #expect(typing.rows.last?.contains(.character("@")) == true, "the keys follow the same keyboard type")
  }

  @Test("moving to another field replaces both types: no content type of the last field is kept")
  func nextField() async throws {
    let (start, _) = try await startCommand(after: [
      .fieldTraits(.none, returnLabel: "return", keyboardType: "emailAddress", contentType: "emailAddress"),
      .fieldTraits(.sentences, returnLabel: "send", keyboardType: "twitter"),
    ])
    #expect(start?.context?.keyboardType == "twitter")
    #expect(start?.context?.contentType == nil)
  }
}
