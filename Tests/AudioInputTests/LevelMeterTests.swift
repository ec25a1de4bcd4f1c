import Foundation
import TestSupport
import Testing

@testable import AudioInput

@Suite("Level meter")
struct LevelMeterTests {
  @Test("a full-scale square wave reads 0 dBFS RMS and peak")
  func fullScaleSquare() {
    var meter = LevelMeter()
    let level = meter.process(AudioSignals.square(frequency: 100, duration: 0.1, sampleRate: 16_000))
    #expect(abs(level.rmsDBFS) < 0.01)
    #expect(abs(level.peakDBFS) < 0.01)
  }

  @Test("a sine of amplitude 0.1 reads about -23 dBFS RMS and -20 dBFS peak")
  func quietSine() {
    var meter = LevelMeter()
    let level = meter.process(AudioSignals.sine(frequency: 1_000, amplitude: 0.1, duration: 0.1, sampleRate: 16_000))
    #expect(abs(level.rmsDBFS - -23.01) < 0.05)
    #expect(abs(level.peakDBFS - -20) < 0.05)
  }

  @Test("silence and empty chunks read -160 dBFS")
  func silence() {
    var meter = LevelMeter()
    #expect(meter.process(AudioSignals.silence(duration: 0.05)) == AudioLevel(rmsDBFS: -160, peakDBFS: -160))
    #expect(meter.process([]) == .silence)
    #expect(meter.total == .silence)
  }

  @Test("the running total over random chunks equals measuring everything at once")
  func totalMatchesWhole() {
    let signal =
      AudioSignals.whiteNoise(rms: 0.05, duration: 1, seed: 9)
      + AudioSignals.sine(frequency: 200, amplitude: 0.7, duration: 0.5, sampleRate: 16_000)
    var whole = LevelMeter()
    let expected = whole.process(signal)
    var chunked = LevelMeter()
    for chunk in AudioSignals.randomChunks(signal, sizes: 160...1_600, seed: 4) { _ = chunked.process(chunk) }
    #expect(abs(chunked.total.rmsDBFS - expected.rmsDBFS) < 1e-4)
    #expect(chunked.total.peakDBFS == expected.peakDBFS)
  }

  @Test("the waveform bar height grows from 0 at -60 dBFS to 1 at full scale")
  func normalized() {
    #expect(AudioLevel(rmsDBFS: -160, peakDBFS: -160).normalizedRMS() == 0)
    #expect(AudioLevel(rmsDBFS: -30, peakDBFS: -20).normalizedRMS() == 0.5)
    #expect(AudioLevel(rmsDBFS: 0, peakDBFS: 0).normalizedRMS() == 1)
  }

  @Test("waveform overview levels follow loud and quiet stretches")
  func overview() {
    let signal =
      AudioSignals.silence(duration: 0.1)
      + AudioSignals.square(frequency: 50, amplitude: 0.5, duration: 0.1, sampleRate: 16_000)
    let levels = LevelMeter.levels(of: signal, windowSize: 1_600)
    #expect(levels.count == 2)
    #expect(levels[0].rmsDBFS == -160)
    #expect(abs(levels[1].rmsDBFS - -6.02) < 0.01)
  }
}
