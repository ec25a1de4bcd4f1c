// NB: SpeechEngine does not import Foundation; these stand in for its trimming.
extension String {
  /// The string without leading and trailing characters from `set`.
  func trimmingCharacters(in set: Set<Character>) -> String {
    var slice = Substring(self)
    while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
    while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
    return String(slice)
  }
}

extension Set where Element == Character {
  static let whitespaces: Set<Character> = [" ", "\t", "\n", "\r"]
}
