import Foundation
import TestSupport
import Testing

@testable import AudioInput

/// Speech from espeak-ng at 16 kHz (the tests that use it are enabled only when espeak-ng and sox are installed).
func synthesizedSpeech(_ text: String) throws -> [Float] {
  let folder = try TemporaryDirectory("audio-vad")
  defer { folder.remove() }
  let url = folder.path("speech.wav")
  try SyntheticSpeech.synthesize(text, to: url)
  return try AudioFileDecoder.decode(contentsOf: url).samples
}

/// `samples` without the silence espeak-ng puts before and after the words.
func trimmed(_ samples: [Float]) -> [Float] { Array(samples[audibleRange(samples)]) }

/// First and one-past-last sample louder than `threshold`.
func audibleRange(_ samples: [Float], threshold: Float = 0.02) -> Range<Int> {
  let first = samples.firstIndex { abs($0) > threshold } ?? 0
  let last = samples.lastIndex { abs($0) > threshold } ?? 0
  return first..<(last + 1)
}

@Suite("Voice activity detection")
struct VoiceActivityDetectorTests {
  let second = 16_000

  @Test("silence, quiet noise, white and pink noise, hum, buzz and beeps have no speech")
  func nonSpeech() {
    let cases: [(String, [Float])] = [
      ("digital silence", AudioSignals.silence(duration: 5)),
      ("quiet white noise", AudioSignals.whiteNoise(rms: 0.001, duration: 5)),
      ("loud white noise", AudioSignals.whiteNoise(rms: 0.1, duration: 5)),
      ("white noise switched on", AudioSignals.silence(duration: 2) + AudioSignals.whiteNoise(rms: 0.1, duration: 4)),
      ("pink noise", AudioSignals.pinkNoise(rms: 0.1, duration: 5)),
      ("pink noise switched on", AudioSignals.silence(duration: 2) + AudioSignals.pinkNoise(rms: 0.1, duration: 4)),
      ("50 Hz hum", AudioSignals.hum(frequency: 50, rms: 0.1, duration: 5)),
      (
        "60 Hz hum switched on",
        AudioSignals.silence(duration: 2) + AudioSignals.hum(frequency: 60, rms: 0.2, duration: 4)
      ),
      (
        "a buzz switched on",
        AudioSignals.silence(duration: 2)
          + AudioSignals.square(frequency: 60, amplitude: 0.3, duration: 4, sampleRate: 16_000)
      ),
      (
        "a 1 kHz beep",
        AudioSignals.silence(duration: 1)
          + AudioSignals.sine(frequency: 1_000, amplitude: 0.5, duration: 0.5, sampleRate: 16_000)
          + AudioSignals.silence(duration: 2)
      ),
    ]
    for (name, samples) in cases {
      #expect(VoiceActivity.speechSegments(in: samples).isEmpty, "\(name)")
    }
  }

  @Test("a click alone, in silence or in quiet noise, is not speech")
  func click() {
    for background in [AudioSignals.silence(duration: 3), AudioSignals.whiteNoise(rms: 0.002, duration: 3)] {
      var samples = background
      for i in 0..<32 { samples[24_000 + i] = i % 2 == 0 ? 0.9 : -0.9 }
      #expect(VoiceActivity.speechSegments(in: samples).isEmpty)
    }
  }

  @Test("spoken words are covered with about 200 ms to spare on each side", .enabled(if: SyntheticSpeech.isAvailable))
  func coversSpeech() throws {
    let speech = try synthesizedSpeech("Hello there. This is a test of the voice keyboard.")
    let samples = AudioSignals.silence(duration: 1) + speech + AudioSignals.silence(duration: 1)
    let words = audibleRange(samples)
    let segments = VoiceActivity.speechSegments(in: samples)
    #expect(segments.count == 1)
    guard let segment = segments.first else { return }
    #expect(segment.startSample <= words.lowerBound - second / 10)
    #expect(segment.startSample >= words.lowerBound - second * 3 / 10)
    #expect(segment.endSample >= words.upperBound)
    #expect(segment.endSample <= words.upperBound + second * 3 / 10)
  }

  @Test(
    "a pause of a second splits segments, a short one does not, and the pause length is configurable",
    .enabled(if: SyntheticSpeech.isAvailable))
  func pauses() throws {
    let first = trimmed(try synthesizedSpeech("Please send the report today."))
    let second = trimmed(try synthesizedSpeech("Thanks a lot, see you soon."))
    let longGap = first + AudioSignals.silence(duration: 1.0) + second
    let split = VoiceActivity.speechSegments(in: longGap)
    #expect(split.count == 2)
    if split.count == 2 {
      let gapMiddle = first.count + self.second / 2
      #expect(split[0].endSample < gapMiddle && split[1].startSample > gapMiddle)
    }
    let shortGap = first + AudioSignals.silence(duration: 0.3) + second
    #expect(VoiceActivity.speechSegments(in: shortGap).count == 1)
    var patient = VADConfiguration()
    patient.minPause = 1.5
    #expect(VoiceActivity.speechSegments(in: longGap, configuration: patient).count == 1)
  }

  @Test(
    "speech is still found under white noise 20 dB down and under loud mains hum",
    .enabled(if: SyntheticSpeech.isAvailable))
  func noisySpeech() throws {
    let speech = try synthesizedSpeech("Meet me at the station at seven.")
    let clean = AudioSignals.silence(duration: 1.5) + speech + AudioSignals.silence(duration: 1)
    let speechRMS = AudioSignals.rms(speech)
    for noise in [
      AudioSignals.whiteNoise(rms: speechRMS / 10, duration: Double(clean.count) / 16_000 + 0.1),
      AudioSignals.hum(frequency: 50, rms: speechRMS * 2, duration: Double(clean.count) / 16_000 + 0.1),
    ] {
      let mixed = zip(clean, noise).map { $0 + $1 }
      let segments = VoiceActivity.speechSegments(in: mixed)
      let words = audibleRange(clean)
      #expect(segments.count == 1)
      #expect((segments.first?.startSample ?? .max) <= words.lowerBound)
      #expect((segments.first?.endSample ?? 0) >= words.upperBound - second / 10)
    }
  }

  @Test(
    "quiet speech around -45 dBFS is found, speech far below the -55 dBFS threshold is not",
    .enabled(if: SyntheticSpeech.isAvailable))
  func quietSpeech() throws {
    let speech = try synthesizedSpeech("Can you hear me now?")
    var quiet = AudioSignals.silence(duration: 1) + speech + AudioSignals.silence(duration: 1)
    AudioSignals.scale(&quiet, toRMS: AudioSignals.rms(quiet) * 0.0056 / AudioSignals.rms(speech))  // -45 dBFS speech
    #expect(VoiceActivity.speechSegments(in: quiet).count == 1)
    let inaudible = quiet.map { $0 * 0.03 }  // about -75 dBFS
    #expect(VoiceActivity.speechSegments(in: inaudible).isEmpty)
  }

  @Test(
    "non-stop talking is cut into pieces of at most 25 s at quiet moments", .enabled(if: SyntheticSpeech.isAvailable))
  func longTalk() throws {
    let speech = try synthesizedSpeech("Hello there. This is a test of the voice keyboard.")
    let samples = Array([[Float]](repeating: speech, count: 11).joined())
    let segments = VoiceActivity.speechSegments(in: samples)
    #expect(segments.count >= 2)
    #expect(segments.allSatisfy { $0.duration <= 25 })
    #expect(zip(segments, segments.dropFirst()).allSatisfy { $0.endSample <= $1.startSample })
    let covered = segments.reduce(0) { $0 + $1.sampleCount }
    #expect(Double(covered) > 0.9 * Double(samples.count))
  }

  @Test(
    "random chunk sizes give the same segments as one buffer, and isSpeaking follows the voice",
    .enabled(if: SyntheticSpeech.isAvailable))
  func chunkedEqualsWhole() throws {
    let speech = try synthesizedSpeech("One two three. Four five six.")
    let samples =
      AudioSignals.whiteNoise(rms: 0.003, duration: 1) + speech.map { $0 * 0.5 } + AudioSignals.silence(duration: 1)
      + AudioSignals.pinkNoise(rms: 0.01, duration: 1) + speech + AudioSignals.silence(duration: 0.3)
    let whole = VoiceActivity.speechSegments(in: samples)
    #expect(whole.count >= 2)
    for seed: UInt64 in 1...3 {
      var detector = VoiceActivityDetector()
      var chunked: [SpeechSegment] = []
      var position = 0
      var spokeDuringWords = false
      for chunk in AudioSignals.randomChunks(samples, sizes: 160...1_600, seed: seed) {
        chunked += detector.process(chunk)
        position += chunk.count
        if position > 16_000 + speech.count / 2 && position < 16_000 + speech.count {
          spokeDuringWords = spokeDuringWords || detector.isSpeaking
        }
      }
      #expect(detector.processedSamples == samples.count)
      chunked += detector.finish()
      #expect(chunked == whole)
      #expect(spokeDuringWords)
      #expect(!detector.isSpeaking)
    }
  }

  @Test("segments are reported as soon as the pause has lasted long enough", .enabled(if: SyntheticSpeech.isAvailable))
  func liveClosing() throws {
    let speech = try synthesizedSpeech("Good morning.")
    var detector = VoiceActivityDetector()
    #expect(detector.process(AudioSignals.silence(duration: 0.5) + speech).isEmpty)
    let words = audibleRange(AudioSignals.silence(duration: 0.5) + speech)
    #expect(detector.openSegmentStart.map { $0 <= words.lowerBound } == true)
    let closed = detector.process(AudioSignals.silence(duration: 0.8))
    #expect(closed.count == 1)
    #expect(detector.finish().isEmpty)
  }

  @Test("real recordings (pocketsphinx test data) are found and kept whole")
  func realRecordings() throws {
    let folder = "/usr/share/pocketsphinx/test/data/"
    let files = [
      "goforward.raw", "numbers.raw", "something.raw", "cards/001.wav", "cards/005.wav",
      "librivox/sense_and_sensibility_01_austen_64kb-0870.wav",
      "librivox/sense_and_sensibility_01_austen_64kb-0920.wav",
    ]
    for name in files where FileManager.default.fileExists(atPath: folder + name) {
      let samples = try AudioFileDecoder.decode(contentsOf: URL(fileURLWithPath: folder + name)).samples
      let segments = VoiceActivity.speechSegments(in: samples)
      #expect(!segments.isEmpty, "\(name)")
      // Every loud 10 ms frame (within 20 dB of the file's loudest, after a pre-emphasis that removes breath pops
      // and rumble) lies inside a segment.
      let emphasized = zip(samples.dropFirst(), samples).map { $0 - 0.95 * $1 }
      let frames = stride(from: 0, to: emphasized.count - 160, by: 160).map {
        AudioSignals.rms(emphasized[$0..<($0 + 160)])
      }
      let loudest = frames.max() ?? 0
      for (index, rms) in frames.enumerated() where rms > loudest / 10 {
        let sample = index * 160 + 80
        #expect(
          segments.contains { $0.startSample <= sample && sample < $0.endSample },
          "\(name) at \(Double(sample) / 16_000) s")
      }
    }
  }

  @Test("two real recordings with a pause between them come out as separate segments")
  func realRecordingsSplit() throws {
    let first = URL(fileURLWithPath: "/usr/share/pocketsphinx/test/data/goforward.raw")
    let second = URL(fileURLWithPath: "/usr/share/pocketsphinx/test/data/something.raw")
    guard FileManager.default.fileExists(atPath: first.path), FileManager.default.fileExists(atPath: second.path) else {
      return
    }
    let a = try AudioFileDecoder.decode(contentsOf: first).samples
    let b = try AudioFileDecoder.decode(contentsOf: second).samples
    let segments = VoiceActivity.speechSegments(in: a + AudioSignals.silence(duration: 1.5) + b)
    #expect(segments.count == 2)
    let pauseStart = a.count
    let pauseEnd = a.count + 24_000
    #expect(segments.first.map { $0.endSample <= pauseEnd } == true)
    #expect(segments.last.map { $0.startSample >= pauseStart } == true)
  }

  @Test("speech clips carry exactly the samples of their segments", .enabled(if: SyntheticSpeech.isAvailable))
  func speechClips() throws {
    let speech = try synthesizedSpeech("Call me later.")
    let samples = AudioSignals.silence(duration: 1) + speech + AudioSignals.silence(duration: 1) + speech
    let clips = VoiceActivity.speechClips(in: samples)
    #expect(clips.count == 2)
    for clip in clips {
      #expect(clip.samples == Array(samples[clip.segment.startSample..<clip.segment.endSample]))
    }
    let kept = clips.reduce(0) { $0 + $1.samples.count }
    #expect(kept < samples.count - 16_000)
  }
}
