import DictationHost
import Foundation
import SessionChannel
import SpeechEngine
import Storage
import TextPipeline

extension AppModel {
  /// Everything a flow session or an in-app dictation needs, from the current settings and vocabulary.
  func dictationServices(source: DictationSource = .keyboard) -> DictationServices {
    let settings = settings
    let models = models
    let keys = keys
    let engines = engines
    let vocabulary = (try? database?.pipelineVocabulary()) ?? (dictionary: [], snippets: [])
    let pipeline = TextPipeline(
      configuration: PipelineConfiguration(
        dictionary: vocabulary.dictionary, snippets: vocabulary.snippets,
        style: TextStyle(rawValue: settings.polishStyle) ?? .formal))
    let format: TextFormatter = { raw, field in
      let result = pipeline.run(raw, context: InsertionContext(textBeforeCursor: field.textBeforeCursor))
      return FormattedText(text: result.text, trace: result.trace.map { FormatStep(stage: $0.stage, text: $0.after) })
    }
    let transcription = TranscriptionOptions(
      language: EngineLoader.language(settings), vocabulary: Vocabulary.prompt(for: vocabulary.dictionary),
      beamSize: 1)
    let configuration = HostConfiguration(
      timeout: SessionTimeout(seconds: settings.sessionTimeout.seconds ?? 0), transcription: transcription)
    return DictationServices(
      loadEngine: { try await engines.engine(for: settings, models: models, keys: keys) },
      format: format, archive: HistoryArchive(database: database, source: source), configuration: configuration,
      polish: PolishService(settings: settings, keys: keys, vocabulary: vocabulary.dictionary.map(\.term)))
  }
}
