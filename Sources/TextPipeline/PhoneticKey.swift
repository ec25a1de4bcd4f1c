/// A coarse Metaphone-style sound key: "Kubernetes" and "cooper netties" both give `KPRNTS`.
///
/// Consonants are mapped to sound classes (voiced and voiceless pairs merged: B/P, D/T, G/K, V/F, Z/S),
/// vowels are dropped except a leading one (written `A`), and repeated sounds collapse.
public enum PhoneticKey {
  /// The key of a word or of several words read as one.
  public static func key(_ text: String) -> String {
    let letters = Array(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic && $0.isASCII })
      .map { Character($0) }
    guard !letters.isEmpty else { return "" }
    var out: [Character] = []
    out.reserveCapacity(letters.count)
    var i = 0
    // Silent or merged openings.
    if letters.count > 1 {
      switch (letters[0], letters[1]) {
      case ("k", "n"), ("g", "n"), ("p", "n"), ("w", "r"), ("p", "s"): i = 1
      case ("x", _): out.append("S"); i = 1
      case ("w", "h"): out.append("W"); i = 2
      default: break
      }
    }
    if i == 0, isVowel(letters[0]) {
      out.append("A")
      i = 1
    }
    func at(_ j: Int) -> Character? { j >= 0 && j < letters.count ? letters[j] : nil }
    func append(_ c: Character) {
      if out.last != c { out.append(c) }
    }
    while i < letters.count {
      let c = letters[i]
      let next = at(i + 1)
      switch c {
      case "a", "e", "i", "o", "u":
        // Vowels separate repeated consonants ("netties" keeps one T) but write nothing.
        if out.last != "A" || out.count > 1 { out.append("_") }
      case "y":
        if let next, isVowel(next) { append("Y") } else if out.last != "A" || out.count > 1 { out.append("_") }
      case "b":
        if !(i == letters.count - 1 && at(i - 1) == "m") { append("P") }
      case "c":
        if next == "h" {
          append("X")
          i += 1
        } else if next == "i" && at(i + 2) == "a" {
          append("X")
        } else if let next, next == "i" || next == "e" || next == "y" {
          append("S")
        } else if !(at(i - 1) == "s" && next == "k") {
          append("K")
        }
      case "d":
        if next == "g", let after = at(i + 2), after == "e" || after == "i" || after == "y" {
          append("J")
          i += 1
        } else {
          append("T")
        }
      case "g":
        if next == "h" {
          if let after = at(i + 2), isVowel(after) { append("K") }
          i += 1
        } else if next == "n" {
          // Silent before n: "sign", "gnome".
        } else if let next, next == "i" || next == "e" || next == "y" {
          append("J")
        } else {
          append("K")
        }
      case "h":
        if let next, isVowel(next), let before = at(i - 1), !"cgpst".contains(before) || out.isEmpty {
          append("H")
        } else if at(i - 1) == nil, let next, isVowel(next) {
          append("H")
        }
      case "k": if at(i - 1) != "c" { append("K") }
      case "p":
        if next == "h" {
          append("F")
          i += 1
        } else {
          append("P")
        }
      case "q": append("K")
      case "s":
        if next == "h" {
          append("X")
          i += 1
        } else if next == "i", let after = at(i + 2), after == "o" || after == "a" {
          append("X")
        } else {
          append("S")
        }
      case "t":
        if next == "h" {
          append("T")
          i += 1
        } else if next == "i", let after = at(i + 2), after == "o" || after == "a" {
          append("X")
        } else if !(next == "c" && at(i + 2) == "h") {
          append("T")
        }
      case "v": append("F")
      case "w": if let next, isVowel(next) { append("W") }
      case "x":
        append("K")
        append("S")
      case "z": append("S")
      case "j", "f", "l", "m", "n", "r": append(Character(c.uppercased()))
      default: break
      }
      i += 1
    }
    return String(out.filter { $0 != "_" })
  }

  private static func isVowel(_ c: Character) -> Bool {
    c == "a" || c == "e" || c == "i" || c == "o" || c == "u"
  }
}
