import KeyboardModel

/// What `utter keyboard` and the tests do to a keyboard besides the user's taps: type with its keys, edit the field
/// as the user would elsewhere, and read what the keyboard sees.
extension KeyboardSession {
  /// The user presses, in order, the keys that type `text` (a page or shift key first where one is needed).
  public func typeKeys(_ text: String) {
    for character in text {
      for key in typing.keys(toType: character) { press(key) }
    }
  }

  /// The user edits the field some other way (another keyboard, the cursor moved); `change` returns whether it
  /// changed anything.
  @discardableResult
  public func edit(_ change: @Sendable (inout Document) -> Bool) -> Bool {
    beginTurn()
    guard change(&document) else { return false }
    // NB: the app changed its own text: the proxy shows it by the keyboard's next turn.
    beginTurn()
    apply(.userTyped)
    return true
  }

  /// What the keyboard can see before the cursor at its next turn (the proxy's window, its own edits included).
  public func context() -> String {
    beginTurn()
    return visibleBefore
  }

  /// What the suggestion bar offers for the word before the cursor from the dictionary's terms the app shared (iOS's
  /// spell checker, which the extension adds, is not here).
  public func suggestions() -> [String] {
    beginTurn()
    return Suggestions.rank(
      word: Suggestions.currentWord(before: visibleBefore), candidates: [],
      terms: model.configuration.settings.dictionaryTerms)
  }
}

extension TypingModel {
  /// The keys as they show, a row a line, apart by spaces (`utter keyboard`'s `keys` step).
  public var printedRows: String {
    rows.map { row in
      row.map { key in
        switch key {
        case .character(let character): character
        case .shift: shift == .locked ? "⇪" : "⇧"
        case .delete: "⌫"
        case .space: "space"
        case .returnKey: returnLabel
        case .page(let page): page == .letters ? "ABC" : page == .numbers ? "123" : "#+="
        case .nextKeyboard: "🌐"
        }
      }.joined(separator: " ")
    }.joined(separator: "\n")
  }
}

extension TypingModel {
  /// The keys a user presses, from the current page and shift, to type `character`: a page key first when it is on
  /// another page, shift before a capital that shift does not already give (a lower-case letter is just its key, so
  /// auto-capitalisation applies); a character on no page (an accent) is its letter's long press. A number or decimal
  /// pad types only its own keys: nothing else can be pressed on it.
  public func keys(toType character: Character) -> [Key] {
    if isPad { return rows.joined().contains(.character(String(character))) ? [.character(String(character))] : [] }
    switch character {
    case " ": return [.space]
    case "\n": return [.returnKey]
    default: break
    }
    let text = String(character)
    let lower = text.lowercased()
    var keys: [Key] = []
    let target = page(holding: lower) ?? page
    if target != page {
      if target == .symbols, page == .letters { keys.append(.page(.numbers)) }
      keys.append(.page(target))
    }
    if target == .letters, character.isLetter {
      // NB: a lower-case letter is its key, whatever shift shows (auto-capitals stay, as for a user's press).
      if text != lower, shift == .off { keys.append(.shift) }
      return keys + [.character(lower)]
    }
    return keys + [.character(text)]
  }

  /// The page of this language's keys that shows `character` (lower case), if any.
  func page(holding character: String) -> Page? {
    var probe = self
    for page in [Page.letters, .numbers, .symbols] {
      _ = probe.press(.page(page), before: "", now: 0)
      let shown = probe.rows.joined().compactMap { key -> String? in
        if case .character(let value) = key { return value.lowercased() }
        return nil
      }
      if shown.contains(character) { return page }
    }
    return character.first?.isLetter == true ? .letters : nil
  }
}

extension KeyboardPhase {
  /// A one-word name: `inactive`, `activating`, `ready`, `listening`, `interrupted`, `transcribing`,
  /// `inserted` or `error`.
  public var name: String {
    switch self {
    case .inactive: "inactive"
    case .activating: "activating"
    case .ready: "ready"
    case .listening: "listening"
    case .interrupted: "interrupted"
    case .transcribing: "transcribing"
    case .inserted: "inserted"
    case .failed: "error"
    }
  }
}
