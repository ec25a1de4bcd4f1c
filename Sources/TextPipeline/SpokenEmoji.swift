import DictationValues

/// Spoken emoji: a name from the table followed by the word "emoji" ("thumbs up emoji" → 👍), as Apple's dictation
/// writes them; the names are Unicode's (CLDR short names) with the words people say for the common ones. Only the
/// word "emoji" makes a name an emoji: "I saw a fire" and "the new emoji" stay as said.
public struct SpokenEmoji: TextStage {
  public let name = "emoji"

  /// Spoken names (lower case, without "emoji") and the emoji each writes.
  public static let table: [(names: [String], emoji: String)] = [
    (["thumbs up"], "👍"), (["thumbs down"], "👎"), (["heart", "red heart"], "❤️"),
    (["smiley", "smiley face", "smiling face"], "😊"), (["grinning face", "grinning"], "😀"),
    (["laughing", "laughing face", "face with tears of joy", "tears of joy", "crying laughing"], "😂"),
    (["crying face", "crying"], "😢"), (["sad face", "sad"], "😞"), (["winking face", "wink", "winking"], "😉"),
    (["thinking face", "thinking"], "🤔"), (["heart eyes", "smiling face with heart eyes"], "😍"),
    (["sunglasses", "smiling face with sunglasses", "cool"], "😎"), (["fire"], "🔥"),
    (["party popper", "party", "tada"], "🎉"), (["clapping hands", "clap", "clapping"], "👏"),
    (["folded hands", "praying hands", "pray"], "🙏"), (["ok hand", "okay hand"], "👌"),
    (["waving hand", "wave", "waving"], "👋"), (["raised hands", "raising hands"], "🙌"),
    (["flexed biceps", "muscle", "strong arm"], "💪"), (["rocket"], "🚀"), (["eyes"], "👀"),
    (["sparkles"], "✨"), (["star"], "⭐"), (["hundred points", "hundred", "one hundred", "100"], "💯"),
    (["check mark", "checkmark", "green check"], "✅"), (["cross mark", "red x"], "❌"),
    (["person shrugging", "shrug", "shrugging"], "🤷"), (["face palm", "facepalm", "person facepalming"], "🤦"),
    (["skull"], "💀"), (["pizza"], "🍕"), (["hot beverage", "coffee"], "☕"), (["birthday cake", "cake"], "🎂"),
    (["wrapped gift", "gift", "present"], "🎁"), (["sun", "sunny"], "☀️"), (["rainbow"], "🌈"),
    (["dog face", "dog"], "🐶"), (["cat face", "cat"], "🐱"), (["pile of poo", "poop"], "💩"),
  ]

  private let emoji: SnippetExpansion

  public init() {
    emoji = SnippetExpansion(
      snippets: Self.table.flatMap { entry in
        entry.names.map { Snippet(trigger: "\($0) emoji", expansion: entry.emoji) }
      })
  }

  public var readsEnglishWords: Bool { true }

  public func apply(_ document: inout TextDocument, context: FieldContext) {
    guard document.tokens.contains(where: { $0.lower == "emoji" }) else { return }
    let before = document.text
    emoji.apply(&document, context: context)
    if document.text != before { document.reasons.append("spoken emoji written as emoji") }
  }
}
