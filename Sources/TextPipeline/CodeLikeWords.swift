/// Recognises words that must be written exactly as spoken by the engine: URLs, e-mail addresses, paths,
/// identifiers, handles, tags and version numbers.
enum CodeLikeWords {
  /// Whether `word` looks like code, an address or a name with deliberate letter case.
  static func isCodeLike(_ word: String) -> Bool {
    var previous: Character?
    var sawLower = false
    var index = word.startIndex
    for c in word {
      switch c {
      case "_", "/", "\\", "@", "=", "<", ">", "|", "~", "`", "{", "}":
        return true
      case "#":
        if index == word.startIndex && word.count > 1 { return true }
      case ".", ":":
        let next = word.index(after: index)
        if let previous, next < word.endIndex, previous.isLetter || previous.isNumber,
          word[next].isLetter || word[next].isNumber
        {
          return true
        }
      default:
        if c.isUppercase && sawLower { return true }
        if c.isLowercase { sawLower = true }
      }
      previous = c
      index = word.index(after: index)
    }
    return false
  }

  /// Whether `word` is a web address or an e-mail address, which a sentence must not end glued to a period.
  static func isAddress(_ word: String) -> Bool {
    word.contains("://") || word.hasPrefix("www.") || (word.contains("@") && word.contains("."))
  }
}
