import ModelInstallation
import Testing

@Suite("On the iPhone, no Whisper model is placed on the GPU (iOS refuses GPU work from the background)")
struct EnginePlacementTests {
  @Test(
    "every model WhisperKit loads, for every model the app offers, runs on the CPU or the Neural Engine",
    arguments: WhisperModelChoice.all)
  func noModelUsesTheGPU(choice: WhisperModelChoice) {
    let placement = EnginePlacement.whisper(model: choice.id)
    #expect(placement == choice.placement)
    #expect(!placement.usesGPU)
    for component in EnginePlacement.Component.allCases {
      let units = placement.units(for: component)
      #expect(units == .cpuAndNeuralEngine, "\(choice.id) \(component) runs on \(units)")
      #expect(units != .cpuAndGPU && units != .all)
    }
  }

  @Test(
    "the mel spectrogram (WhisperKit puts it on the GPU), the encoder and the decoder all ask for CPU and Neural Engine"
  )
  func eachComponentHasItsUnits() {
    let placement = EnginePlacement.backgroundSafe
    #expect(placement.units(for: .melSpectrogram) == .cpuAndNeuralEngine)
    #expect(placement.units(for: .audioEncoder) == .cpuAndNeuralEngine)
    #expect(placement.units(for: .textDecoder) == .cpuAndNeuralEngine)
  }

  @Test("a model id the app does not list still gets a placement without the GPU")
  func unknownModelIsBackgroundSafe() {
    #expect(EnginePlacement.whisper(model: "medium.en") == .backgroundSafe)
    #expect(!EnginePlacement.whisper(model: "").usesGPU)
  }

  @Test("only the GPU's units count as using the GPU, so a placement with any of them is caught")
  func gpuUnitsAreDetected() {
    #expect(EnginePlacement.ComputeUnits.allCases.filter(\.usesGPU) == [.cpuAndGPU, .all])
    for component in EnginePlacement.Component.allCases {
      for gpu in [EnginePlacement.ComputeUnits.cpuAndGPU, .all] {
        var placement = EnginePlacement.backgroundSafe
        switch component {
        case .melSpectrogram: placement.melSpectrogram = gpu
        case .audioEncoder: placement.audioEncoder = gpu
        case .textDecoder: placement.textDecoder = gpu
        }
        #expect(placement.usesGPU, "\(component) on \(gpu)")
      }
    }
  }

  @Test("WhisperKit's recommended variant maps to our model, else the fallback")
  func recommendedModel() {
    #expect(WhisperModelChoice.recommended(for: "openai_whisper-small.en") == "small.en")
    #expect(WhisperModelChoice.recommended(for: "openai_whisper-unknown") == "base.en")
  }
}
