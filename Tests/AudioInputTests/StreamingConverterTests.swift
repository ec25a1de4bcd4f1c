import Foundation
import TestSupport
import Testing

@testable import AudioInput

@Suite("Converting to 16 kHz mono")
struct StreamingConverterTests {
  func convert(_ interleaved: [Float], rate: Int, channels: Int = 1) -> [Float] {
    var converter = StreamingConverter(sourceSampleRate: rate, channels: channels)
    return converter.process(interleaved) + converter.finish()
  }

  @Test("a 1 kHz tone at 44.1 kHz keeps its frequency and amplitude")
  func toneSurvives() {
    let tone = AudioSignals.sine(frequency: 1_000, amplitude: 0.5, duration: 1, sampleRate: 44_100)
    let output = convert(tone, rate: 44_100)
    #expect(output.count == 16_000)
    let middle = Array(output[2_000..<14_000])
    #expect(abs(AudioSignals.amplitude(of: 1_000, in: middle, sampleRate: 16_000) - 0.5) < 0.002)
    #expect(AudioSignals.amplitude(of: 1_100, in: middle, sampleRate: 16_000) < 0.005)
    // The waveform lines up with a 1 kHz sine sampled at 16 kHz (no time shift).
    let reference = AudioSignals.sine(frequency: 1_000, amplitude: 0.5, duration: 1, sampleRate: 16_000)
    let worst = zip(middle, reference[2_000..<14_000]).map { abs($0 - $1) }.max() ?? 1
    #expect(worst < 0.002)
  }

  @Test("a 12 kHz tone at 48 kHz is attenuated by more than 40 dB instead of aliasing to 4 kHz")
  func aliasRejected() {
    let tone = AudioSignals.sine(frequency: 12_000, amplitude: 1, duration: 1, sampleRate: 48_000)
    let output = convert(tone, rate: 48_000)
    #expect(output.count == 16_000)
    let middle = Array(output[2_000..<14_000])
    let alias = AudioSignals.amplitude(of: 4_000, in: middle, sampleRate: 16_000)
    #expect(20 * log10(alias) < -40)
    #expect(20 * log10(Double(AudioSignals.rms(middle)) * 2.0.squareRoot()) < -40)
  }

  @Test("tones just above the new Nyquist frequency are removed at every common rate")
  func stopband() {
    for rate in [22_050, 32_000, 44_100, 48_000, 96_000] {
      let tone = AudioSignals.sine(frequency: 8_600, amplitude: 1, duration: 0.5, sampleRate: rate)
      let output = convert(tone, rate: rate)
      let rms = AudioSignals.rms(output[1_000..<(output.count - 1_000)])
      #expect(20 * log10(Double(rms) * 2.0.squareRoot()) < -60, "at \(rate) Hz")
    }
  }

  @Test("output length is the input duration at 16 kHz, rounded up")
  func lengths() {
    for (rate, count, expected) in [
      (44_100, 44_100, 16_000), (48_000, 4_801, 1_601), (8_000, 3, 6), (22_050, 1, 1), (11_025, 0, 0),
      (16_000, 123, 123),
    ] {
      let output = convert([Float](repeating: 0.1, count: count), rate: rate)
      #expect(output.count == expected, "\(count) samples at \(rate) Hz")
    }
  }

  @Test("8 kHz telephone audio is upsampled without imaging")
  func upsampling() {
    let tone = AudioSignals.sine(frequency: 1_000, amplitude: 0.5, duration: 1, sampleRate: 8_000)
    let output = convert(tone, rate: 8_000)
    #expect(output.count == 16_000)
    let middle = Array(output[2_000..<14_000])
    #expect(abs(AudioSignals.amplitude(of: 1_000, in: middle, sampleRate: 16_000) - 0.5) < 0.002)
    #expect(AudioSignals.amplitude(of: 7_000, in: middle, sampleRate: 16_000) < 0.0005)
  }

  @Test("odd rates such as 44 099 Hz still give the right length and tone")
  func oddRate() {
    let tone = AudioSignals.sine(frequency: 1_000, amplitude: 0.5, duration: 1, sampleRate: 44_099)
    let output = convert(tone, rate: 44_099)
    #expect(output.count == 16_000)
    let middle = Array(output[2_000..<14_000])
    #expect(abs(AudioSignals.amplitude(of: 1_000, in: middle, sampleRate: 16_000) - 0.5) < 0.002)
  }

  @Test("feeding random-sized chunks gives exactly the whole-file output", arguments: [16_000, 44_100, 48_000, 22_050])
  func chunkedEqualsWhole(rate: Int) {
    let left = AudioSignals.whiteNoise(rms: 0.2, duration: 0.7, sampleRate: rate, seed: 3)
    let right = AudioSignals.sine(frequency: 300, amplitude: 0.3, duration: 0.7, sampleRate: rate)
    let interleaved = zip(left, right).flatMap { [$0, $1] }
    let whole = convert(interleaved, rate: rate, channels: 2)
    for seed: UInt64 in 1...3 {
      var converter = StreamingConverter(sourceSampleRate: rate, channels: 2)
      var chunked: [Float] = []
      for chunk in AudioSignals.randomChunks(interleaved, sizes: 1...3_001, seed: seed) {
        chunked += converter.process(chunk)
      }
      chunked += converter.finish()
      #expect(chunked == whole)
    }
  }

  @Test("a finished converter starts afresh")
  func reuseAfterFinish() {
    let tone = AudioSignals.sine(frequency: 500, amplitude: 0.5, duration: 0.1, sampleRate: 48_000)
    var converter = StreamingConverter(sourceSampleRate: 48_000, channels: 1)
    let first = converter.process(tone) + converter.finish()
    let second = converter.process(tone) + converter.finish()
    #expect(first == second)
  }

  @Test("NaN and infinite input samples come out as silence, not poison")
  func nonFinite() {
    var input = [Float](repeating: 0, count: 4_800)
    input[100] = .nan
    input[200] = .infinity
    let output = convert(input, rate: 48_000)
    #expect(output.allSatisfy { $0 == 0 })
  }
}

@Suite("A microphone tap's separate channels, interleaved")
struct InterleavingTests {
  @Test("two channels of a stereo tap come out frame by frame, and convert to one mono signal holding both")
  func stereoTap() {
    let left = AudioSignals.sine(frequency: 1_000, amplitude: 0.5, duration: 1, sampleRate: 48_000)
    let right = AudioSignals.sine(frequency: 440, amplitude: 0.5, duration: 1, sampleRate: 48_000)
    let interleaved = left.withUnsafeBufferPointer { l in
      right.withUnsafeBufferPointer { r in Interleaving.interleave([l, r]) }
    }
    #expect(interleaved.count == 96_000)
    #expect(interleaved[0..<6] == [left[0], right[0], left[1], right[1], left[2], right[2]])
    var converter = StreamingConverter(sourceSampleRate: 48_000, channels: 2)
    let mono = Array((converter.process(interleaved) + converter.finish())[2_000..<14_000])
    #expect(abs(AudioSignals.amplitude(of: 1_000, in: mono, sampleRate: 16_000) - 0.25) < 0.01)
    #expect(abs(AudioSignals.amplitude(of: 440, in: mono, sampleRate: 16_000) - 0.25) < 0.01)
  }

  @Test("one channel is handed over as it is; no channel, no samples")
  func oneOrNone() {
    let samples: [Float] = [0.1, -0.2, 0.3]
    #expect(samples.withUnsafeBufferPointer { Interleaving.interleave([$0]) } == samples)
    #expect(Interleaving.interleave([]).isEmpty)
  }
}
