import Foundation
import ModelInstallation
import SpeechEngine
import Testing

@Suite("How WhisperKit is asked to read, and how its words are scored")
struct WhisperDecodingTests {
  @Test("a set language is read as is; none lets Whisper detect it; greedy, word timings, cut at pauses")
  func options() {
    let french = WhisperDecoding(TranscriptionOptions(language: "fr"))
    #expect(french.language == "fr")
    #expect(!french.detectLanguage)
    #expect(french.temperature == 0)
    #expect(french.wordTimestamps && french.skipSpecialTokens && french.chunksAtPauses)
    #expect(french.prompt == nil)
    let detect = WhisperDecoding(TranscriptionOptions())
    #expect(detect.language == nil)
    #expect(detect.detectLanguage)
  }

  @Test("WhisperKit's (and OpenAI Whisper's) fallback and no-speech thresholds are stated once")
  func thresholds() {
    let decoding = WhisperDecoding(TranscriptionOptions())
    #expect(decoding.compressionRatioThreshold == 2.4)
    #expect(decoding.logProbThreshold == -1.0)
    #expect(decoding.firstTokenLogProbThreshold == -1.5)
    #expect(decoding.noSpeechThreshold == 0.6)
  }

  @Test("the prompt primes with a leading space; special tokens never reach it")
  func prompt() {
    let decoding = WhisperDecoding(TranscriptionOptions(prompt: "  Kubernetes, Grafana "))
    #expect(decoding.prompt == " Kubernetes, Grafana")
    #expect(WhisperDecoding.promptTokens([10, 50_257, 42, 50_364], specialTokenBegin: 50_257) == [10, 42])
  }

  @Test("a segment's confidence is its words' mean probability, else its mean log-probability as a probability")
  func confidence() {
    let worded = WhisperDecoding.Segment(
      text: " hello world", start: 0, end: 1, averageLogProbability: -3, noSpeechProbability: 0.1,
      words: [(" hello", 0, 0.5, 0.9), (" world", 0.5, 1, 0.5)])
    #expect(abs(WhisperDecoding.confidence(of: worded) - 0.7) < 1e-9)
    let bare = WhisperDecoding.Segment(
      text: "hi", start: 0, end: 1, averageLogProbability: log(0.25), noSpeechProbability: 0, words: [])
    #expect(abs(WhisperDecoding.confidence(of: bare) - 0.25) < 1e-9)
  }

  @Test("the transcript joins the results' texts, trims segments and words, keeps the detected language")
  func transcript() {
    let segment = WhisperDecoding.Segment(
      text: " Hello world ", start: 0.5, end: 1.5, averageLogProbability: -0.1, noSpeechProbability: 0.2,
      words: [(" Hello", 0.5, 1, 0.8), (" world", 1, 1.5, 0.6)])
    let transcript = WhisperDecoding.transcript(
      texts: [" Hello world ", "", "\nAgain."], segments: [segment], language: "en", engine: "whisperkit",
      model: "base.en")
    #expect(transcript.text == "Hello world Again.")
    #expect(transcript.language == "en")
    #expect(transcript.segments.map(\.text) == ["Hello world"])
    #expect(transcript.segments.first?.words.map(\.text) == ["Hello", "world"])
    #expect(transcript.segments.first?.noSpeechProbability == 0.2)
  }
}
