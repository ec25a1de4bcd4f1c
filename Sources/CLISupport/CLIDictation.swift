import Dictation
import DictationValues
import Foundation
import HTTPTransport
import Storage

/// The dictation pipeline as the command line runs it: the user's store and keys in `dataDirectory`, the machine's
/// engines (embedded Whisper and the cloud engines), and LLMPolish's providers.
package struct CLIDictation {
  package let dataDirectory: URL
  package let database: AppDatabase?
  /// Why the store could not be opened (or what opening it recovered); a dictation still runs and prints its text.
  package let openWarning: String?
  /// Whether the store could not be opened only because the disk is full.
  package let diskFull: Bool

  package init(dataDirectory: URL) {
    self.dataDirectory = dataDirectory
    do {
      let (database, recovery) = try AppDatabase.open(at: dataDirectory)
      self.database = database
      openWarning = recovery
      diskFull = false
    } catch {
      database = nil
      openWarning = "history is unavailable: \(error)"
      diskFull = (error as? StorageError)?.kind == .diskFull
    }
  }

  /// The pipeline; `engineBaseURL` points cloud engines elsewhere, `source` names who starts its runs in history.
  package func pipeline(
    source: DictationOrigin, keepInHistory: Bool = true, engineBaseURL: URL? = nil, style: DictationStyle? = nil,
    polishProvider: String? = nil, polishModel: String? = nil, polishBaseURL: URL? = nil, translateTo: String? = nil
  ) -> DictationPipeline {
    let settings = DictationSettings.load(from: database)
    let dataDirectory = dataDirectory
    let formatter = DictationFormatter(
      settings: settings,
      providers: .catalog(keys: EngineFactory.keys(dataDirectory: dataDirectory), http: LiveHTTPClient()),
      style: style, polishProvider: polishProvider, polishModel: polishModel, polishBaseURL: polishBaseURL,
      translateTo: translateTo)
    let ownServer = URL(string: settings.settings.engineBaseURL).flatMap { $0.host == nil ? nil : $0 }
    let shelf = EngineShelf(
      registry: EngineFactory.registry(dataDirectory: dataDirectory, baseURL: engineBaseURL, ownServer: ownServer))
    var engines = shelf.access
    engines.load = { choice in
      if choice.id == HostEngines.testEngineID { return DurationEngine() }
      do {
        return try await shelf.engine(for: choice)
      } catch {
        throw CLIError("\(error)")
      }
    }
    engines.check = { choice in choice.id == HostEngines.testEngineID ? nil : await shelf.refusal(for: choice) }
    return DictationPipeline(
      engines: engines, formatter: formatter, archive: keepInHistory ? archive(source: source) : nil)
  }

  /// History, or (when it could not be opened) history opened again when a dictation is to be kept.
  package func archive(source: DictationOrigin) -> HistoryArchive {
    if let database { return HistoryArchive(database: database, origin: source) }
    return HistoryArchive(opening: dataDirectory, origin: source)
  }

  /// The style named `name` (built in or saved), as a one-line error when there is none.
  package func style(named name: String?) throws -> DictationStyle? {
    guard let name else { return nil }
    let saved = (try? database?.styles()) ?? []
    guard let style = DictationStyle.named(name, saved: saved) else {
      let names = DictationStyle.builtIn.map(\.name) + saved.map(\.name)
      throw CLIError("unknown style '\(name)' (styles: \(names.joined(separator: ", ")))")
    }
    return style
  }
}

extension DictationOutcome {
  package func jsonString() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }
}
