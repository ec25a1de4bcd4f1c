import Dictation
import Foundation
import Storage

extension AppModel {
  /// The dictation pipeline for the current settings and vocabulary: the flow session, in-app dictation, retry
  /// and Shortcuts all run it. `keepInHistory` false leaves history alone (a retry updates its own entry).
  func dictationPipeline(source: DictationSource = .keyboard, keepInHistory: Bool = true) -> DictationPipeline {
    let settings = DictationSettings.load(from: database)
    let (models, keys, engines) = (models, keys, engines)
    return DictationPipeline(
      settings: settings,
      loadEngine: { _ in try await engines.engine(for: settings.settings, models: models, keys: keys) },
      formatter: DictationFormatter(settings: settings, providers: .app(keys: keys)),
      archive: keepInHistory ? HistoryArchive(database: database, source: source) : nil)
  }
}
