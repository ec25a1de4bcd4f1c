import Dictation
import Foundation
import Storage

extension AppModel {
  /// The dictation pipeline for the current settings and vocabulary: the flow session (keyboard and the app's own
  /// button), retry and Shortcuts all run it; the engine is the one the pipeline chooses, from the app's shelf.
  func dictationPipeline(source: DictationSource = .keyboard) -> DictationPipeline {
    let settings = DictationSettings.load(from: database)
    return DictationPipeline(
      settings: settings, loadEngine: engines.loader,
      formatter: DictationFormatter(settings: settings, providers: .app(keys: keys)),
      archive: HistoryArchive(database: database, source: source), unloadEngine: engines.unloader)
  }
}
