import LiveWire
import RemoteDictation
import Testing

@Suite("LivePCM and LiveMessage")
struct LivePCMTests {
  @Test("samples survive the trip as 16-bit PCM within one step; an odd byte count is refused")
  func roundTrip() {
    let samples: [Float] = [0, 0.5, -0.5, 1, -1, 0.25]
    let decoded = LivePCM.decode(LivePCM.encode(samples)) ?? []
    #expect(decoded.count == samples.count)
    for (a, b) in zip(samples, decoded) { #expect(abs(a - b) < 1.0 / 16_000) }
    #expect(LivePCM.encode([2, -2]) == LivePCM.encode([1, -1]), "clipped")
    #expect(LivePCM.decode([1, 2, 3]) == nil)
  }

  @Test("messages are JSON with a type, raw_text in snake case, and read back the same")
  func messages() {
    let final = LiveMessage.final(text: "Hello.", rawText: "hello", language: "en", duration: 1.5)
    #expect(final.json == #"{"duration":1.5,"language":"en","raw_text":"hello","text":"Hello.","type":"final"}"#)
    #expect(LiveMessage.parse(final.json) == final)
    #expect(LiveMessage.parse(#"{"type":"stop"}"#) == .stop)
    #expect(LiveMessage.parse("not json") == nil)
  }
}
