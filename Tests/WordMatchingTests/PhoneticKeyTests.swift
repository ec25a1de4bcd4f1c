import Testing
import WordMatching

@Suite("Phonetic keys")
struct PhoneticKeyTests {
  @Test("S and T sound as English spells them: SH and TIO as X, TH as T, T silent before CH")
  func sAndT() {
    let keys = ["she", "this", "mission", "nation", "Asia", "watch", "stitch", "thistle", "Tashkent", "Siobhan"]
      .map(PhoneticKey.key)
    #expect(keys == ["X", "TS", "MSXN", "NXN", "AX", "WX", "STX", "TSTL", "TXKNT", "XPHN"])
  }

  @Test("a misheard term and the term itself share a key")
  func soundAlike() {
    #expect(PhoneticKey.key("Kubernetes") == "KPRNTS")
    #expect(PhoneticKey.key("cooper netties") == "KPRNTS")
  }
}
