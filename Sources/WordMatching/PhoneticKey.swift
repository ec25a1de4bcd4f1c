/// A coarse Metaphone-style sound key: "Kubernetes" and "cooper netties" both give `KPRNTS`.
///
/// Consonants are mapped to sound classes (voiced and voiceless pairs merged: B/P, D/T, G/K, V/F, Z/S;
/// TH as T), vowels are dropped except a leading one (written `A`), and a sound repeated without a vowel
/// between collapses. Only ASCII letters count.
public enum PhoneticKey {
  /// The key of a word or of several words read as one.
  public static func key(_ text: String) -> String {
    var letters: [UInt8] = []
    letters.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"): letters.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): letters.append(byte + 32)
      default: break
      }
    }
    return String(decoding: encode(letters), as: UTF8.self)
  }

  private static let vowel: UInt8 = 0  // separates repeated consonants, written as nothing

  /// The key of lower-case ASCII letters.
  static func encode(_ letters: [UInt8]) -> [UInt8] {
    guard !letters.isEmpty else { return [] }
    func at(_ j: Int) -> UInt8 { j >= 0 && j < letters.count ? letters[j] : 0 }
    func isVowel(_ c: UInt8) -> Bool {
      c == UInt8(ascii: "a") || c == UInt8(ascii: "e") || c == UInt8(ascii: "i") || c == UInt8(ascii: "o")
        || c == UInt8(ascii: "u")
    }
    var out: [UInt8] = []
    out.reserveCapacity(letters.count)
    func append(_ byte: UInt8) {
      if out.last != byte { out.append(byte) }
    }
    var i = 0
    // Silent or merged openings: KN, GN, PN, WR, PS; X as S; WH as W.
    switch (letters[0], at(1)) {
    case (UInt8(ascii: "k"), UInt8(ascii: "n")), (UInt8(ascii: "g"), UInt8(ascii: "n")),
      (UInt8(ascii: "p"), UInt8(ascii: "n")), (UInt8(ascii: "w"), UInt8(ascii: "r")),
      (UInt8(ascii: "p"), UInt8(ascii: "s")):
      i = 1
    case (UInt8(ascii: "x"), _):
      append(UInt8(ascii: "S"))
      i = 1
    case (UInt8(ascii: "w"), UInt8(ascii: "h")):
      append(UInt8(ascii: "W"))
      i = 2
    default:
      if isVowel(letters[0]) {
        append(UInt8(ascii: "A"))
        i = 1
      }
    }
    while i < letters.count {
      let c = letters[i]
      let next = at(i + 1)
      let after = at(i + 2)
      switch c {
      case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"):
        out.append(vowel)
      case UInt8(ascii: "y"):
        if isVowel(next) { append(UInt8(ascii: "Y")) } else { out.append(vowel) }
      case UInt8(ascii: "b"):
        if !(i == letters.count - 1 && at(i - 1) == UInt8(ascii: "m")) { append(UInt8(ascii: "P")) }
      case UInt8(ascii: "c"):
        if next == UInt8(ascii: "h") {
          append(UInt8(ascii: "X"))
          i += 1
        } else if next == UInt8(ascii: "i") && after == UInt8(ascii: "a") {
          append(UInt8(ascii: "X"))
        } else if next == UInt8(ascii: "i") || next == UInt8(ascii: "e") || next == UInt8(ascii: "y") {
          append(UInt8(ascii: "S"))
        } else if !(at(i - 1) == UInt8(ascii: "s") && next == UInt8(ascii: "k")) {
          append(UInt8(ascii: "K"))
        }
      case UInt8(ascii: "d"):
        if next == UInt8(ascii: "g"),
          after == UInt8(ascii: "e") || after == UInt8(ascii: "i") || after == UInt8(ascii: "y")
        {
          append(UInt8(ascii: "J"))
          i += 1
        } else {
          append(UInt8(ascii: "T"))
        }
      case UInt8(ascii: "g"):
        if next == UInt8(ascii: "h") {
          if isVowel(after) { append(UInt8(ascii: "K")) }
          i += 1
        } else if next == UInt8(ascii: "n") {
          // Silent before n: "sign", "gnome".
        } else if next == UInt8(ascii: "i") || next == UInt8(ascii: "e") || next == UInt8(ascii: "y") {
          append(UInt8(ascii: "J"))
        } else {
          append(UInt8(ascii: "K"))
        }
      case UInt8(ascii: "h"):
        if isVowel(next) { append(UInt8(ascii: "H")) }
      case UInt8(ascii: "k"):
        if at(i - 1) != UInt8(ascii: "c") { append(UInt8(ascii: "K")) }
      case UInt8(ascii: "p"):
        if next == UInt8(ascii: "h") {
          append(UInt8(ascii: "F"))
          i += 1
        } else {
          append(UInt8(ascii: "P"))
        }
      case UInt8(ascii: "q"): append(UInt8(ascii: "K"))
      case UInt8(ascii: "s"), UInt8(ascii: "t"):
        let isS = c == UInt8(ascii: "s")
        if next == UInt8(ascii: "h") {
          append(isS ? UInt8(ascii: "X") : UInt8(ascii: "T"))  // SH as in "she"; TH as T
          i += 1
        } else if next == UInt8(ascii: "i"), after == UInt8(ascii: "o") || after == UInt8(ascii: "a") {
          append(UInt8(ascii: "X"))  // "mission", "nation", "Asia"
        } else if isS {
          append(UInt8(ascii: "S"))
        } else if !(next == UInt8(ascii: "c") && after == UInt8(ascii: "h")) {
          append(UInt8(ascii: "T"))  // silent in "watch"
        }
      case UInt8(ascii: "v"): append(UInt8(ascii: "F"))
      case UInt8(ascii: "w"):
        if isVowel(next) { append(UInt8(ascii: "W")) }
      case UInt8(ascii: "x"):
        append(UInt8(ascii: "K"))
        append(UInt8(ascii: "S"))
      case UInt8(ascii: "z"): append(UInt8(ascii: "S"))
      case UInt8(ascii: "j"): append(UInt8(ascii: "J"))
      case UInt8(ascii: "f"): append(UInt8(ascii: "F"))
      case UInt8(ascii: "l"): append(UInt8(ascii: "L"))
      case UInt8(ascii: "m"): append(UInt8(ascii: "M"))
      case UInt8(ascii: "n"): append(UInt8(ascii: "N"))
      case UInt8(ascii: "r"): append(UInt8(ascii: "R"))
      default: break
      }
      i += 1
    }
    return out.filter { $0 != vowel }
  }

}
