import DictationValues

/// Turns spoken punctuation and layout commands ("comma", "question mark", "new paragraph") into marks,
/// keeping the words where they are meant as words ("the trial period ends", "a new line of products").
/// The spoken forms (the full table is `commands`): period / full stop, comma, question mark, exclamation point /
/// mark, colon, semicolon, dash / em dash / en dash, hyphen, ellipsis / dot dot dot, open / close quote(s), quote …
/// unquote / end quote, open / close / left / right paren(thesis), open / close bracket(s), open / close brace,
/// slash, backslash, underscore, at sign, ampersand, new line, new paragraph; literal forms typed as written:
/// "example dot com slash pricing", "john dot smith at gmail dot com", "https colon slash slash …", "slash users
/// slash sam", "tilde slash notes", "notes dot txt", "dash dash dry dash run", "dash m"; and lists (`SpokenLists`).
public struct SpokenPunctuation: TextStage {
  public let name = "spoken-punctuation"

  /// What a command writes and how it is recognised.
  struct Command: Sendable {
    enum Rule: Sendable {
      /// Ends a sentence: "period", "full stop", "question mark", "exclamation point"; words when a lower-case
      /// word follows in text the engine capitalised ("a big question mark for me").
      case sentenceEnd
      /// Any other mark after a word: "comma", "question mark", "colon".
      case afterWord
      /// Layout or an opening mark, allowed at the start: "new line", "open quote".
      case anywhere
    }
    var words: [String]
    var token: TextToken
    var rule: Rule
  }

  static let commands: [Command] = {
    func mark(_ words: String, _ text: String, _ kind: TextToken.Kind, _ rule: Command.Rule) -> Command {
      Command(
        words: words.split(separator: " ").map(String.init), token: TextToken(text, kind: kind, isSpoken: true),
        rule: rule)
    }
    return [
      mark("exclamation point", "!", .closing, .sentenceEnd),
      mark("exclamation mark", "!", .closing, .sentenceEnd),
      mark("question mark", "?", .closing, .sentenceEnd),
      mark("full stop", ".", .closing, .sentenceEnd),
      mark("period", ".", .closing, .sentenceEnd),
      mark("comma", ",", .closing, .afterWord),
      mark("semicolon", ";", .closing, .afterWord),
      mark("semi colon", ";", .closing, .afterWord),
      mark("colon", ":", .closing, .afterWord),
      mark("ellipsis", "...", .closing, .afterWord),
      mark("dot dot dot", "...", .closing, .afterWord),
      mark("em dash", "—", .dash, .afterWord),
      mark("en dash", "–", .dash, .afterWord),
      mark("dash", "—", .dash, .afterWord),
      mark("hyphen", "-", .joiner, .afterWord),
      mark("underscore", "_", .joiner, .afterWord),
      mark("forward slash", "/", .joiner, .afterWord),
      mark("slash", "/", .joiner, .afterWord),
      mark("backslash", "\\", .joiner, .afterWord),
      mark("back slash", "\\", .joiner, .afterWord),
      mark("at sign", "@", .opening, .anywhere),
      mark("at symbol", "@", .opening, .anywhere),
      mark("ampersand", "&", .word, .afterWord),
      mark("new paragraph", "\n\n", .lineBreak, .anywhere),
      mark("next paragraph", "\n\n", .lineBreak, .anywhere),
      mark("new line", "\n", .lineBreak, .anywhere),
      mark("newline", "\n", .lineBreak, .anywhere),
      mark("next line", "\n", .lineBreak, .anywhere),
      mark("open quote", "\"", .opening, .anywhere),
      mark("open quotes", "\"", .opening, .anywhere),
      mark("begin quote", "\"", .opening, .anywhere),
      mark("close quote", "\"", .closing, .afterWord),
      mark("close quotes", "\"", .closing, .afterWord),
      mark("end quote", "\"", .closing, .afterWord),
      mark("end quotes", "\"", .closing, .afterWord),
      mark("unquote", "\"", .closing, .afterWord),
      mark("open parenthesis", "(", .opening, .anywhere),
      mark("open parentheses", "(", .opening, .anywhere),
      mark("open paren", "(", .opening, .anywhere),
      mark("left paren", "(", .opening, .anywhere),
      mark("left parenthesis", "(", .opening, .anywhere),
      mark("close parenthesis", ")", .closing, .afterWord),
      mark("close parentheses", ")", .closing, .afterWord),
      mark("close paren", ")", .closing, .afterWord),
      mark("end paren", ")", .closing, .afterWord),
      mark("right paren", ")", .closing, .afterWord),
      mark("right parenthesis", ")", .closing, .afterWord),
      mark("open square bracket", "[", .opening, .anywhere),
      mark("open bracket", "[", .opening, .anywhere),
      mark("open brackets", "[", .opening, .anywhere),
      mark("close square bracket", "]", .closing, .afterWord),
      mark("close bracket", "]", .closing, .afterWord),
      mark("close brackets", "]", .closing, .afterWord),
      mark("open brace", "{", .opening, .anywhere),
      mark("open curly brace", "{", .opening, .anywhere),
      mark("close brace", "}", .closing, .afterWord),
      mark("close curly brace", "}", .closing, .afterWord),
    ]
  }()

  /// Words before "period" that make it a noun ("trial period").
  static let periodCompounds: Set<String> = [
    "trial", "grace", "waiting", "time", "cooling", "notice", "probation", "probationary", "introductory",
    "billing", "free", "rest", "honeymoon", "transition", "transitional", "sample", "reporting", "holiday",
    "the", "same", "short", "long", "extended", "lock", "lockup", "lock-up", "test", "evaluation", "fiscal",
    "accounting", "payment", "review", "incubation", "recovery", "refractory", "study", "adjustment",
  ]
  /// Words before other commands that make them nouns ("Oxford comma", "serial comma").
  static let nounModifiers: Set<String> = ["oxford", "serial", "inverted", "dash", "em", "en", "to"]
  /// Words after a command that make it a noun or verb ("comma separated", "colon cancer", "dash cam").
  static let nounFollowers: Set<String> = [
    "separated", "delimited", "cancer", "cleanse", "health", "surgery", "cam", "camera", "board", "of",
    "mark", "marks", "key", "sign", "character", "symbol", "button",
  ]
  /// Words after "period" that make it a noun ("period of time", "period ends").
  static let periodFollowers: Set<String> = [
    "of", "is", "was", "ends", "ended", "starts", "started", "begins", "began", "lasts", "lasted", "will", "when",
    "for", "in", "has", "had", "during", "after", "before", "drama", "piece", "pain", "pains", "cramps", "tracker",
  ]
  /// Words after "dash" that make it the verb or the noun ("dash to the store", "a dash across the room").
  static let motionWords: Set<String> = [
    "to", "for", "across", "off", "out", "home", "back", "into", "through", "over", "up", "down", "around",
  ]
  /// Words before a single spoken slash that make it the start of a command or path ("type slash help").
  static let slashCommandIntroducers: Set<String> = ["type", "enter", "run", "use", "try", "cd", "ls", "open"]

  /// Top-level domains a spoken "dot" joins: "example dot com".
  static let domains: Set<String> = [
    "com", "org", "net", "io", "dev", "app", "co", "uk", "de", "fr", "ai", "edu", "gov", "me", "ly", "so",
  ]

  /// File extensions a spoken "dot" joins: "notes dot txt".
  static let fileExtensions: Set<String> = [
    "txt", "md", "pdf", "json", "swift", "py", "js", "ts", "csv", "png", "jpg", "jpeg", "doc", "docx", "zip",
    "html", "yml", "yaml", "sh", "xlsx", "pptx", "mp3", "wav", "mov", "mp4", "plist", "framework", "bundle", "log",
    "xml", "css", "sql", "gif", "svg", "dmg", "gz", "tar", "rb", "rs", "cpp", "java", "kt", "toml", "ini", "heic",
    "webp", "xcodeproj",
  ]

  /// A stage that writes spoken punctuation.
  public init() {}

  public func apply(_ document: inout TextDocument, context: FieldContext) {
    // An engine that writes no capitals gives no sentence starts to tell "period" the command apart.
    // NB: a user who dictates commas and line breaks dictates full stops too, whatever the engine's capitals.
    let dictatesMarks = document.tokens.contains { $0.isWord && ($0.lower == "comma" || $0.lower == "paragraph") }
    let writesCase =
      !dictatesMarks && document.tokens.contains { $0.isWord && $0.text.contains(where: \.isUppercase) }
    let mentionsQuote = document.tokens.contains { $0.isWord && ($0.lower == "unquote" || $0.lower == "quote") }
    // NB: each mark written moves every token after it; in blocks, that stays linear in the dictation's length.
    document.editInBlocks { document in
      var i = 0
      while i < document.tokens.count {
        guard document.tokens[i].isWord else {
          i += 1
          continue
        }
        if joinDomain(at: i, in: &document) { continue }
        if joinFlag(at: i, in: &document) { continue }
        if joinPath(at: i, in: &document) { continue }
        if let command = command(
          at: i, in: document.tokens, writesCase: writesCase, continuesText: context.continuesText)
        {
          write(command, at: i, in: &document)
        } else if mentionsQuote, document.tokens[i].lower == "quote", opensQuote(at: i, in: document) {
          write(
            Command(words: ["quote"], token: TextToken("\"", kind: .opening, isSpoken: true), rule: .anywhere),
            at: i, in: &document)
        }
        i += 1
      }
    }
    SpokenLists.write(in: &document)
  }

  /// Joins "example dot com" into "example.com" and "sam at example dot com" into an e-mail address;
  /// returns whether it did.
  private func joinDomain(at index: Int, in document: inout TextDocument) -> Bool {
    let tokens = document.tokens
    guard index + 2 < tokens.count, tokens[index + 1].isWord, tokens[index + 1].lower == "dot",
      tokens[index + 2].isWord,
      Self.domains.contains(tokens[index + 2].lower) || Self.fileExtensions.contains(tokens[index + 2].lower),
      // "open the dot app", "the dot AI model": a name, not an address.
      !WordLists.functionWords.contains(tokens[index].lower)
    else { return false }
    var start = index
    var address = tokens[index].lower + "." + tokens[index + 2].lower
    // "mail dot example dot com" and "john dot smith at example dot com".
    while start >= 2, tokens[start - 1].isWord, tokens[start - 1].lower == "dot", tokens[start - 2].isWord {
      address = tokens[start - 2].lower + "." + address
      start -= 2
    }
    if start >= 2, tokens[start - 1].isWord, tokens[start - 1].lower == "at", tokens[start - 2].isWord {
      var local = tokens[start - 2].lower
      var localStart = start - 2
      while localStart >= 2, tokens[localStart - 1].isWord, tokens[localStart - 1].lower == "dot",
        tokens[localStart - 2].isWord
      {
        local = tokens[localStart - 2].lower + "." + local
        localStart -= 2
      }
      // "meet at example.com" is a place, not an address: the name before "at" must not be a common word.
      if !WordLists.commonWords.contains(tokens[start - 2].lower) {
        address = local + "@" + address
        start = localStart
      }
    }
    // "https colon slash slash example dot com": the scheme ("colon" is already ":" by now).
    if start >= 4, ["http", "https"].contains(tokens[start - 4].lower),
      tokens[start - 3].text == ":" || tokens[start - 3].lower == "colon",
      [tokens[start - 2], tokens[start - 1]].allSatisfy({ $0.lower == "slash" || $0.text == "/" })
    {
      address = tokens[start - 4].lower + "://" + address
      start -= 4
    }
    // "example dot com slash pricing": the path.
    var end = index + 2
    while end + 2 < tokens.count, tokens[end + 1].isWord, tokens[end + 1].lower == "slash", tokens[end + 2].isWord {
      // A path keeps the case it was said in ("slash Contents slash MacOS").
      address += "/" + tokens[end + 2].text
      end += 2
    }
    let spaceBefore = document.tokens[start].spaceBefore
    // NB: an address with its scheme is written as typed: no capital at a sentence start.
    let kind: TextToken.Kind = address.contains("://") ? .verbatim : .word
    document.tokens.replaceSubrange(start...end, with: [TextToken(address, kind: kind, spaceBefore: spaceBefore)])
    return true
  }

  /// Words after which a spoken slash opens a path ("cd slash etc", "in slash users slash sam"); after other words
  /// a slash joins the words on either side ("and slash or").
  static let pathIntroducers: Set<String> = WordLists.functionWords.union([
    "cd", "ls", "open", "edit", "path", "folder", "directory", "file", "see", "check", "run", "copy", "move",
    "mkdir", "cat", "vim", "under", "inside", "save", "type", "enter", "use", "try",
  ])

  /// Writes a spoken path that starts with a slash or a tilde, as typed: "slash users slash sam" → "/users/sam",
  /// "tilde slash notes dot txt" → "~/notes.txt", "type slash help" → "type /help". At least two parts, or one after
  /// a tilde or after "type", "run", "cd"…; returns whether it did.
  private func joinPath(at index: Int, in document: inout TextDocument) -> Bool {
    let tokens = document.tokens
    if index > 0, tokens[index - 1].isWord, !Self.pathIntroducers.contains(tokens[index - 1].lower) { return false }
    var path = ""
    var i = index
    if tokens[i].lower == "tilde" {
      path = "~"
      i += 1
    }
    var parts = 0
    while i + 1 < tokens.count, tokens[i].isWord, tokens[i].lower == "slash", tokens[i + 1].isWord,
      tokens[i + 1].lower != "slash"
    {
      path += "/" + tokens[i + 1].text
      parts += 1
      i += 2
      // "Xcode dot app" inside a path is a bundle's name.
      if i + 1 < tokens.count, tokens[i].isWord, tokens[i].lower == "dot", tokens[i + 1].isWord,
        Self.fileExtensions.contains(tokens[i + 1].lower) || Self.domains.contains(tokens[i + 1].lower)
      {
        path += "." + tokens[i + 1].lower
        i += 2
      }
    }
    let opensCommand =
      index > 0 && index + 1 < tokens.count && Self.slashCommandIntroducers.contains(tokens[index - 1].lower)
      && !WordLists.functionWords.contains(tokens[index + 1].lower)
    guard parts >= 2 || (parts == 1 && (path.hasPrefix("~") || opensCommand)) else { return false }
    let token = TextToken(path, kind: .verbatim, spaceBefore: tokens[index].spaceBefore, isSpoken: true)
    document.tokens.replaceSubrange(index..<i, with: [token])
    return true
  }

  /// Writes "dash dash force" as the command-line flag `--force` and "dash m" as `-m` (verbatim, so no later stage
  /// touches them); returns whether it did.
  private func joinFlag(at index: Int, in document: inout TextDocument) -> Bool {
    let tokens = document.tokens
    // "git commit dash m": a single letter after a spoken dash is a short flag, `-m`.
    // "plan A dash B" is a name: the letter must be lower case, after a word of more than one letter.
    if tokens[index].lower == "dash", index > 0, tokens[index - 1].isWord, tokens[index - 1].text.count > 1,
      index + 1 < tokens.count, tokens[index + 1].isWord, tokens[index + 1].text.count == 1,
      tokens[index + 1].text.allSatisfy({ $0.isASCII && $0.isLowercase })
    {
      let flag = TextToken(
        "-" + tokens[index + 1].text, kind: .verbatim, spaceBefore: tokens[index].spaceBefore, isSpoken: true)
      document.tokens.replaceSubrange(index...(index + 1), with: [flag])
      return true
    }
    guard index + 2 < tokens.count, tokens[index].lower == "dash", tokens[index + 1].isWord,
      tokens[index + 1].lower == "dash", tokens[index + 2].isWord,
      tokens[index + 2].lower.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" })
    else { return false }
    var text = "--" + tokens[index + 2].lower
    var end = index + 2
    // "dash dash dry dash run" is `--dry-run`.
    while end + 2 < tokens.count, tokens[end + 1].isWord, tokens[end + 1].lower == "dash", tokens[end + 2].isWord,
      tokens[end + 2].lower.allSatisfy({ $0.isLetter || $0.isNumber })
    {
      text += "-" + tokens[end + 2].lower
      end += 2
    }
    let flag = TextToken(text, kind: .verbatim, spaceBefore: tokens[index].spaceBefore, isSpoken: true)
    document.tokens.replaceSubrange(index...end, with: [flag])
    return true
  }

  /// Whether a bare "quote" at `index` opens a quotation closed later by "unquote" or "end quote".
  private func opensQuote(at index: Int, in document: TextDocument) -> Bool {
    let tokens = document.tokens
    if index > 0, tokens[index - 1].isWord, WordLists.determiners.contains(tokens[index - 1].lower) { return false }
    return tokens[(index + 1)...].contains { $0.isWord && ($0.lower == "unquote" || $0.lower == "end") }
  }

  /// The command spoken at `index`, if its words are meant as a command there.
  private func command(
    at index: Int, in tokens: [TextToken], writesCase: Bool, continuesText: Bool = false
  ) -> Command? {
    let first = tokens[index].lower
    for command in Self.commands where command.words[0] == first {
      let end = index + command.words.count
      guard end <= tokens.count else { continue }
      var matched = true
      for offset in 1..<command.words.count
      where !(tokens[index + offset].isWord && tokens[index + offset].lower == command.words[offset]) {
        matched = false
        break
      }
      guard matched,
        isCommand(command, from: index, to: end, in: tokens, writesCase: writesCase, continuesText: continuesText)
      else { continue }
      return command
    }
    return nil
  }

  /// Whether the words of `command` in `start..<end` are a command rather than ordinary words.
  private func isCommand(
    _ command: Command, from start: Int, to end: Int, in tokens: [TextToken], writesCase: Bool,
    continuesText: Bool
  ) -> Bool {
    let previous = start > 0 ? tokens[start - 1] : nil
    let next = end < tokens.count ? tokens[end] : nil
    if let previous, previous.isWord {
      let word = previous.lower
      // NB: "item one new line item two" numbers a list; "a new line of products" is a noun.
      let numbersItem = word == "one" && command.token.kind == .lineBreak
      if (WordLists.determiners.contains(word) && !numbersItem) || Self.nounModifiers.contains(word) { return false }
      if command.token.text == "." && Self.periodCompounds.contains(word) { return false }
    }
    if let next, next.kind == .joiner || (next.isWord && Self.nounFollowers.contains(next.lower)) { return false }
    // "a quick dash to the bank": a dash before a preposition is the verb or the noun.
    if command.token.kind == .dash, let next, next.isWord, Self.motionWords.contains(next.lower) { return false }
    // "at sign" writes a handle's "@": a word must follow, and not one such as "in" ("at sign in time").
    if command.token.text == "@", !(next?.isWord == true && !WordLists.functionWords.contains(next?.lower ?? "")) {
      return false
    }
    switch command.rule {
    case .anywhere:
      return true
    case .afterWord, .sentenceEnd:
      // At the start, a mark attaches to the text before the cursor, if there is some.
      if start == 0 { return continuesText && (next == nil || next?.isWord == true) }
      guard let previous, previous.isWord || previous.kind == .closing || previous.kind == .verbatim else {
        return false
      }
      guard command.rule == .sentenceEnd, let next, next.isWord else { return true }
      // "period" ends a sentence only before a new one: a capital, or another command; without capitals
      // from the engine, any word but one that continues a noun ("period of", "period ends").
      if next.text.first?.isUppercase == true || SentenceFormatting.isPronounI(next.lower) { return true }
      if self.command(at: end, in: tokens, writesCase: writesCase) != nil { return true }
      return !writesCase && !Self.periodFollowers.contains(next.lower)
    }
  }

  /// Replaces the command's words at `index` with its mark, dropping the engine's own marks beside it.
  private func write(_ command: Command, at index: Int, in document: inout TextDocument) {
    let end = index + command.words.count
    var upper = end
    // The engine often adds its own mark after the spoken one ("done period." or "new line,").
    while upper < document.tokens.count, isEngineMark(document.tokens[upper]) { upper += 1 }
    var lower = index
    if command.token.kind == .closing || command.token.kind == .dash {
      while lower > 0, isEngineMark(document.tokens[lower - 1]) { lower -= 1 }
    }
    document.tokens.replaceSubrange(lower..<upper, with: [command.token])
    document.normalizeSpacing(at: lower)
    document.normalizeSpacing(at: lower + 1)
  }

  /// Whether `token` is a comma or full stop the engine wrote next to a spoken mark.
  private func isEngineMark(_ token: TextToken) -> Bool {
    token.kind == .closing && !token.isSpoken && (token.text == "," || token.text == "." || token.text == ";")
  }
}
