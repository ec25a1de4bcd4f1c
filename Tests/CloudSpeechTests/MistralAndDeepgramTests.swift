import CloudSpeech
import Foundation
import ProviderTestSupport
import SpeechEngine
import Testing

@Suite("Mistral and Deepgram transcription")
struct MistralAndDeepgramTests {
  @Test("Mistral: bearer key, model, language and vocabulary as context_bias items")
  func mistralHappyPath() async throws {
    try await FakeProviderServer.with({ request in
      if let problem = problemWithTranscriptionUpload(
        request, path: "/v1/audio/transcriptions", bearer: testKeys["mistral"],
        expectedFields: [
          "model": "voxtral-mini-latest", "language": "fr", "context_bias": "Utter|Jean_Dupont",
          "timestamp_granularities": "",
        ])
      {
        return .badRequest(problem)
      }
      return .json(
        #"{"model":"voxtral-mini-2507","text":"Bonjour Jean Dupont.","language":"fr","segments":[],"usage":{"prompt_audio_seconds":1}}"#
      )
    }) { server in
      let engine = try await registry(server: server).makeEngine(id: "mistral")
      let options = TranscriptionOptions(language: "fr", vocabulary: ["Utter", "Jean Dupont"])
      let transcript = try await engine.transcribe(toneSamples, options: options)
      #expect(transcript.text == "Bonjour Jean Dupont.")
      #expect(transcript.language == "fr")
      #expect(transcript.engine == "mistral")
    }
  }

  @Test("Mistral without a language asks for segment timestamps")
  func mistralTimestamps() async throws {
    try await FakeProviderServer.with({ request in
      if let problem = problemWithTranscriptionUpload(
        request, path: "/v1/audio/transcriptions", bearer: testKeys["mistral"],
        expectedFields: ["timestamp_granularities": "segment", "language": ""])
      {
        return .badRequest(problem)
      }
      return .json(
        #"{"model":"voxtral-mini-2507","text":"One. Two.","language":"en","segments":[{"text":"One.","start":0.1,"end":0.4},{"text":"Two.","start":0.5,"end":0.9}]}"#
      )
    }) { server in
      let engine = try await registry(server: server).makeEngine(id: "mistral")
      let transcript = try await engine.transcribe(toneSamples, options: TranscriptionOptions())
      #expect(transcript.segments.map(\.start) == [0.1, 0.5])
      #expect(transcript.language == "en")
    }
  }

  @Test("Deepgram: raw WAV body, Token auth, nova-3 query with keyterms, words with timing")
  func deepgramHappyPath() async throws {
    let answer = #"""
      {"metadata":{"request_id":"r1","duration":1.0,"channels":1},
       "results":{"channels":[{"alternatives":[{"transcript":"Call Siobhan at 3 pm.","confidence":0.97,
         "words":[{"word":"call","start":0.0,"end":0.2,"confidence":0.99,"punctuated_word":"Call"},
                  {"word":"siobhan","start":0.2,"end":0.5,"confidence":0.91,"punctuated_word":"Siobhan"},
                  {"word":"at","start":0.5,"end":0.6,"confidence":0.99,"punctuated_word":"at"},
                  {"word":"3","start":0.6,"end":0.7,"confidence":0.98,"punctuated_word":"3"},
                  {"word":"pm","start":0.7,"end":0.9,"confidence":0.97,"punctuated_word":"pm."}]}]}]}}
      """#
    try await FakeProviderServer.with({ request in
      guard request.method == "POST", request.path == "/v1/listen" else { return .badRequest("path \(request.target)") }
      guard request.header("authorization") == "Token \(testKeys["deepgram"]!)" else { return .badRequest("auth") }
      guard request.header("content-type") == "audio/wav" else { return .badRequest("content type") }
      guard let header = WAVHeader.parse(request.body), header.sampleRate == 16_000, header.channels == 1,
        header.dataBytes == toneSamples.count * 2
      else { return .badRequest("body is not the WAV") }
      guard request.query("model") == ["nova-3"], request.query("smart_format") == ["true"],
        request.query("language") == ["en"], request.query("keyterm") == ["Siobhan", "C++ SDK"],
        request.query("keywords").isEmpty
      else { return .badRequest("query \(request.target)") }
      return .json(answer)
    }) { server in
      let engine = try await registry(server: server).makeEngine(id: "deepgram")
      let options = TranscriptionOptions(language: "en", vocabulary: ["Siobhan", "C++ SDK"])
      let transcript = try await engine.transcribe(toneSamples, options: options)
      #expect(transcript.text == "Call Siobhan at 3 pm.")
      #expect(transcript.segments.first?.words.map(\.text) == ["Call", "Siobhan", "at", "3", "pm."])
      #expect(transcript.segments.first?.words[1].confidence == 0.91)
      #expect(transcript.segments.first?.end == 0.9)
      #expect(transcript.language == "en")
    }
  }

  @Test("Deepgram nova-2 sends vocabulary as keywords and detects the language when none is given")
  func deepgramOlderModel() async throws {
    try await FakeProviderServer.with({ request in
      guard request.query("model") == ["nova-2"], request.query("keywords") == ["Utter"],
        request.query("keyterm").isEmpty, request.query("detect_language") == ["true"]
      else { return .badRequest("query \(request.target)") }
      return .json(
        #"{"results":{"channels":[{"detected_language":"de","alternatives":[{"transcript":"Hallo Welt.","confidence":0.9,"words":[]}]}]}}"#
      )
    }) { server in
      let engine = try await registry(server: server).makeEngine(id: "deepgram", model: "nova-2")
      let transcript = try await engine.transcribe(toneSamples, options: TranscriptionOptions(vocabulary: ["Utter"]))
      #expect(transcript.text == "Hallo Welt.")
      #expect(transcript.language == "de")
    }
  }
}
