import CloudSpeech
import Foundation
import HTTPTransport
import KeyStore
import ProviderTestSupport
import SpeechEngine
import Testing

/// One second of a 440 Hz tone at 16 kHz.
let toneSamples: [Float] = (0..<16_000).map { Float(sin(Double($0) * 2 * .pi * 440 / 16_000) * 0.5) }

let testKeys: [String: String] = [
  "openai": "sk-test-openai-0123456789abcdef",
  "groq": "gsk_test_groq_0123456789abcdef",
  "mistral": "mistral-test-key-0123456789",
  "deepgram": "dg0123456789abcdef0123456789abcdef",
]

/// A registry with every cloud engine pointed at `server`, retries recorded into `delays` without waiting.
func registry(
  server: FakeProviderServer, paths: [String: String] = [:], keys: [String: String] = testKeys,
  delays: Recorder<Duration> = Recorder(), timeout: TimeInterval = 10
) -> SpeechEngineRegistry {
  var registry = SpeechEngineRegistry()
  let defaults = [
    "openai": "/v1", "groq": "/openai/v1", "mistral": "/v1", "deepgram": "", "openai-compatible": "/v1",
  ]
  let overrides = defaults.merging(paths) { $1 }.mapValues { server.url($0) }
  let policy = RetryPolicy(maxAttempts: 3, clock: delays.clock(), random: { 0.5 })
  CloudSpeechEngines.register(
    into: &registry, keys: InMemorySecretStore(keys), http: LiveHTTPClient(), baseURLOverrides: overrides,
    retryPolicy: policy, requestTimeout: timeout)
  return registry
}

/// Checks the multipart upload the way OpenAI documents it; returns what is wrong, if anything.
func problemWithTranscriptionUpload(
  _ request: RecordedRequest, path: String, bearer: String?, expectedFields: [String: String]
) -> String? {
  guard request.method == "POST" else { return "method \(request.method)" }
  guard request.path == path else { return "path \(request.path)" }
  if let bearer {
    guard request.header("authorization") == "Bearer \(bearer)" else { return "authorization header" }
  } else if request.header("authorization") != nil {
    return "unexpected authorization header"
  }
  guard let parts = request.multipart else { return "not multipart/form-data" }
  guard let file = parts.first(where: { $0.name == "file" }) else { return "no file part" }
  guard file.filename?.hasSuffix(".wav") == true, file.contentType == "audio/wav" else { return "file part headers" }
  guard let header = WAVHeader.parse(file.data), header.format == 1, header.channels == 1, header.sampleRate == 16_000,
    header.bitsPerSample == 16, header.dataBytes == toneSamples.count * 2, file.data.count == 44 + header.dataBytes
  else { return "file is not 16 kHz mono 16-bit WAV of the audio" }
  for (name, value) in expectedFields {
    let values = parts.filter { $0.name == name }.map(\.text)
    guard values.joined(separator: "|") == value else { return "field \(name) = \(values)" }
  }
  return nil
}
