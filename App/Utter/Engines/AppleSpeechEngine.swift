// Apple's on-device SpeechAnalyzer/SpeechTranscriber (iOS 26). NB: `canImport(FoundationModels)` stands in for
// "built with the iOS 26 SDK", so the app still builds with Xcode 16.
#if canImport(FoundationModels)
  import AVFoundation
  import Foundation
  import ModelInstallation
  import Speech
  import SpeechEngine

  /// Apple's on-device transcriber behind our `SpeechEngine` interface. The system owns the model files.
  @available(iOS 26.0, *)
  struct AppleSpeechEngine: SpeechEngine {
    let id = "apple"
    let locale: Locale
    var model: String { locale.identifier }

    /// Resolves `language` (ISO 639-1, or nil for the device's language) to a supported locale.
    static func make(language: String?) async throws -> AppleSpeechEngine {
      guard SpeechTranscriber.isAvailable else {  // rule: ModelInstallation.AppleSpeechStatus
        throw SpeechEngineError("Apple speech recognition is not available on this iPhone")
      }
      let wanted = language.map { Locale(identifier: $0) } ?? Locale.current
      guard let locale = await SpeechTranscriber.supportedLocale(equivalentTo: wanted) else {
        throw SpeechEngineError("Apple speech recognition does not support \(wanted.identifier)")
      }
      return AppleSpeechEngine(locale: locale)
    }

    /// Downloads the system's speech model for this locale if it is missing, reporting 0...1.
    func installAssets(progress: @escaping @Sendable (Double) -> Void) async throws {
      let modules: [any SpeechModule] = [Self.transcriber(locale)]
      guard let request = try await AssetInventory.assetInstallationRequest(supporting: modules) else {
        progress(1)
        return
      }
      let observation = request.progress.observe(\.fractionCompleted) { value, _ in progress(value.fractionCompleted) }
      defer { observation.invalidate() }
      try await request.downloadAndInstall()
      progress(1)
    }

    /// Where the transcriber stands for `language` (nil: the device's language), from what iOS reports.
    static func status(language: String?) async -> AppleSpeechStatus {
      let wanted = language.map { Locale(identifier: $0) } ?? Locale.current
      let name = Locale.current.localizedString(forIdentifier: wanted.identifier) ?? wanted.identifier
      let device = SpeechTranscriber.isAvailable
      // glue: iOS names a supported locale only on a device that has the transcriber.
      let locale = device ? await SpeechTranscriber.supportedLocale(equivalentTo: wanted) : nil
      var assets = AppleSpeechStatus.Assets.unsupported
      // glue: an installed locale needs no inventory query; otherwise the inventory says whether it is downloading.
      if let locale, await SpeechTranscriber.installedLocales.contains(where: { $0.identifier == locale.identifier }) {
        assets = .installed
      } else if let locale {
        // rule: ModelInstallation.AppleSpeechStatus
        switch await AssetInventory.status(forModules: [transcriber(locale)]) {
        case .supported: assets = .supported
        case .downloading: assets = .downloading
        case .installed: assets = .installed
        default: assets = .unsupported
        }
      }
      return .resolve(
        systemHasAnalyzer: true, deviceSupported: device, language: name, languageSupported: locale != nil,
        assets: assets)
    }

    func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
      // rule: SpeechEngine.Transcript.empty (no audio, no reading)
      guard !samples.isEmpty else { return .empty(engine: id, model: model, language: options.language) }
      let transcriber = Self.transcriber(locale)
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      if !options.vocabulary.isEmpty {  // glue: SpeechAnalyzer takes a context only with strings in it
        let context = AnalysisContext()
        context.contextualStrings[.general] = options.vocabulary
        try await analyzer.setContext(context)
      }
      guard let format = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber]) else {
        throw SpeechEngineError("Apple's speech model for \(locale.identifier) is not installed yet")
      }
      let buffer = try PCMBuffers.buffer(from: samples, sampleRate: Double(engineSampleRate), convertedTo: format)
      let (inputs, continuation) = AsyncStream<AnalyzerInput>.makeStream()
      continuation.yield(AnalyzerInput(buffer: buffer))
      continuation.finish()

      let collector = Task { () throws -> [TranscriptSegment] in
        var segments: [TranscriptSegment] = []
        for try await result in transcriber.results where result.isFinal {
          let text = String(result.text.characters).trimmingCharacters(in: .whitespacesAndNewlines)
          let (start, end) = (result.range.start.seconds, result.range.end.seconds)
          // glue: SpeechTranscriber's final results may be silence, with no text.
          if !text.isEmpty { segments.append(TranscriptSegment(text: text, start: start, end: end, confidence: 1)) }
        }
        return segments
      }
      if let last = try await analyzer.analyzeSequence(inputs) {
        try await analyzer.finalizeAndFinish(through: last)
      } else {
        await analyzer.cancelAndFinishNow()
      }
      let segments = try await collector.value
      return Transcript(
        text: segments.map(\.text).joined(separator: " "), segments: segments,
        language: locale.language.languageCode?.identifier, engine: id, model: model)
    }

    private static func transcriber(_ locale: Locale) -> SpeechTranscriber {
      SpeechTranscriber(
        locale: locale, transcriptionOptions: [], reportingOptions: [], attributeOptions: [.audioTimeRange])
    }
  }
#endif
