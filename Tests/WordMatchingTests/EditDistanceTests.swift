import Testing
import WordMatching

@Suite("Edit distance")
struct EditDistanceTests {
  @Test("edit distance stops once past its limit")
  func editDistance() {
    #expect(EditDistance.between(Array("KPRNTS".utf8), Array("KPNTS".utf8), limit: 2) == 1)
    #expect(EditDistance.between(Array("ABC".utf8), Array("ABC".utf8), limit: 0) == 0)
    #expect(EditDistance.between(Array("".utf8), Array("AB".utf8), limit: 1) == 2)
    #expect(EditDistance.between(Array("AAAA".utf8), Array("BBBB".utf8), limit: 1) > 1)
  }
}
