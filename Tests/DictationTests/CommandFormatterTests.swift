import Dictation
import DictationValues
import Foundation
import HTTPTransport
import KeyStore
import LLMPolish
import SessionTestFakes
import Storage
import Testing

@Suite("Dictation formatter: command mode on a selection")
struct CommandFormatterTests {
  @Test("the rewrite replaces the selection, keeping the spaces around it; only the selection and the words go")
  func rewrite() async throws {
    let provider = RecordingProvider { _ in "I look forward to seeing you tomorrow." }
    let formatter = DictationFormatter(
      settings: DictationFormatterTests.settings(), providers: DictationFormatterTests.providers(provider))
    let formatted = await formatter.command("make this more formal", selection: " see you tomorrow ")
    #expect(formatted.text == " I look forward to seeing you tomorrow. ")
    #expect(formatted.notice == nil)
    let request = try #require(provider.requests.first)
    #expect(request.user.contains("<selection>\nsee you tomorrow\n</selection>"))
    #expect(request.user.contains("make this more formal"))
    #expect(formatted.trace.map(\.stage) == ["command", "command (recording)"])
    #expect(!formatted.trace.contains { $0.text.contains("see you tomorrow ") }, "the trace keeps no selection")
  }

  @Test("with polish off, without a key, or refused, the selection stays and the notice says why")
  func selectionKept() async {
    let off = DictationFormatter(
      settings: DictationFormatterTests.settings(polish: "none"),
      providers: DictationFormatterTests.providers(RecordingProvider()))
    let unchanged = await off.command("make this formal", selection: "see you")
    #expect(unchanged.text == "see you")
    #expect(unchanged.notice == "Not rewritten: choose a polish provider in Settings › Polish for commands.")

    let noKey = DictationFormatter(
      settings: DictationFormatterTests.settings(polish: "groq"),
      providers: .catalog(keys: InMemorySecretStore(), http: LiveHTTPClient()))
    let missing = await noKey.command("make this formal", selection: "see you")
    #expect(missing.text == "see you")
    #expect(missing.notice?.hasPrefix("Not rewritten: polish skipped:") == true, "\(missing.notice ?? "")")

    let refusing = DictationFormatter(
      settings: DictationFormatterTests.settings(),
      providers: DictationFormatterTests.providers(RecordingProvider { _ in "I'm sorry, but I can't help with that." }))
    let refused = await refusing.command("make this formal", selection: "see you")
    #expect(refused.text == "see you")
    #expect(refused.notice?.contains("declined") == true, "\(refused.notice ?? "")")
  }
}
