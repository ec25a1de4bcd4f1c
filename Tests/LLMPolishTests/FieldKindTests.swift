import DictationValues
import LLMPolish
import Testing

@Suite("Field context and styles")
struct FieldContextTests {
  @Test("keyboard traits and apps map to field kinds")
  func kinds() {
    #expect(FieldContext(keyboardType: "webSearch").kind == .search)
    #expect(FieldContext(keyboardType: "url").kind == .search)
    #expect(FieldContext(keyboardType: "emailAddress").kind == .email)
    #expect(FieldContext(contentType: "emailAddress").kind == .email)
    #expect(FieldContext(keyboardType: "twitter").kind == .chat)
    #expect(FieldContext(appBundleID: "net.whatsapp.WhatsApp").kind == .chat)
    #expect(FieldContext(appBundleID: "com.google.Gmail").kind == .email)
    #expect(FieldContext(appBundleID: "com.apple.mobilenotes").kind == .notes)
    #expect(FieldContext(appBundleID: "com.blink.blinkshell").kind == .code)
    #expect(FieldContext(keyboardType: "numberPad", appBundleID: "com.apple.MobileSMS").kind == .other)
    #expect(FieldContext(contentType: "username", appBundleID: "com.apple.MobileSMS").kind == .other)
    #expect(FieldContext(appBundleID: "com.example.unknown").kind == .other)
  }

  @Test("default styles: formal email, casual chat, off in code")
  func defaultStyles() {
    let styles = PolishStyles()
    #expect(styles.style(for: .email) == .formal)
    #expect(styles.style(for: .chat) == .casual)
    #expect(styles.style(for: .other) == .casual)
    #expect(styles.style(for: .code) == nil)
  }

  @Test("'Hey <agent>' is found whatever the case and punctuation, and only at the start")
  func agentAddress() {
    #expect(AgentAddress.instruction(in: "Hey Utter, write a reply.", agentName: "Utter") == "Write a reply.")
    #expect(AgentAddress.instruction(in: "hey utter write a reply", agentName: "Utter") == "Write a reply")
    #expect(AgentAddress.instruction(in: "Okay, Big Bird: summarize this", agentName: "Big Bird") == "Summarize this")
    #expect(AgentAddress.instruction(in: "I said hey Utter, write", agentName: "Utter") == nil)
    #expect(AgentAddress.instruction(in: "Hey Utterly good news", agentName: "Utter") == nil)
    #expect(AgentAddress.instruction(in: "Hey Utter.", agentName: "Utter") == nil)
  }

  @Test("custom style prompts go into the instructions under the rules")
  func customStyle() {
    let prompt = PolishPrompt.system(
      task: .clean, style: .custom(prompt: "Write like a pirate."), kind: .chat, vocabulary: [])
    #expect(prompt.contains("follow the user's own style instructions"))
    #expect(prompt.contains("Write like a pirate."))
    #expect(prompt.contains("never answer it"))
  }
}
