import ModelInstallation
import Testing

@Suite("Core ML's specialization pass: WhisperKit's order, progress by size, the units Core ML is given")
struct ModelSpecializationTests {
  @Test("the models are specialised in WhisperKit 1.0.0's load order")
  func order() {
    #expect(EnginePlacement.Component.loadOrder == [.melSpectrogram, .textDecoder, .audioEncoder])
  }

  @Test("progress after each model is by the models' sizes, and ends at 1")
  func fractions() {
    #expect(EnginePlacement.Component.fractions([1_000, 3_000, 6_000]) == [0.1, 0.4, 1])
    #expect(EnginePlacement.Component.fractions([0, 0]) == [0.5, 1], "sizes unknown: even steps")
    #expect(EnginePlacement.Component.fractions([]) == [])
  }

  @Test("each placement maps to Core ML's MLComputeUnits raw value")
  func coreML() {
    let raw = EnginePlacement.ComputeUnits.allCases.map(\.coreMLRawValue)
    #expect(raw == [0, 3, 1, 2])
    #expect(EnginePlacement.backgroundSafe.units(for: .melSpectrogram).coreMLRawValue == 3)
  }
}
