import DictationValues
import Foundation
import SpeechEngine
import Storage
import TextPipeline

/// Which speech engine and model transcribe a dictation.
public struct EngineChoice: Sendable, Hashable {
  public var id: String
  public var model: String?

  public init(id: String, model: String?) {
    self.id = id
    self.model = model
  }
}

/// Everything a dictation needs from the user's store, read once when a dictation (or a flow session) begins:
/// settings, personal dictionary, snippets and saved styles. A store that cannot be read gives the defaults.
public struct DictationSettings: Sendable {
  public var settings: UtterSettings
  public var dictionary: [DictionaryEntry]
  public var snippets: [Snippet]
  public var styles: [SavedStyle]
  /// What the engine wrote where the user meant a term they taught by correcting it.
  public var learnedForms: [LearnedForm]

  public init(
    settings: UtterSettings = UtterSettings(), dictionary: [DictionaryEntry] = [], snippets: [Snippet] = [],
    styles: [SavedStyle] = [], learnedForms: [LearnedForm] = []
  ) {
    self.learnedForms = learnedForms
    self.settings = settings
    self.dictionary = dictionary
    self.snippets = snippets
    self.styles = styles
  }

  /// Reads the store; what cannot be read keeps its default.
  public static func load(from database: AppDatabase?) -> DictationSettings {
    guard let database else { return DictationSettings() }
    let vocabulary = (try? database.pipelineVocabulary()) ?? (dictionary: [], snippets: [])
    return DictationSettings(
      settings: (try? database.settings()) ?? UtterSettings(), dictionary: vocabulary.dictionary,
      snippets: vocabulary.snippets, styles: (try? database.styles()) ?? [], learnedForms: learnedForms(from: database))
  }

  /// Reads the store, or throws: a running session keeps the settings it has when the store cannot be read now.
  public static func read(from database: AppDatabase) throws -> DictationSettings {
    let vocabulary = try database.pipelineVocabulary()
    return DictationSettings(
      settings: try database.settings(), dictionary: vocabulary.dictionary, snippets: vocabulary.snippets,
      styles: try database.styles(), learnedForms: learnedForms(from: database))
  }

  /// The corrections learned in the store as the engine's learned forms: a heard form that is common words is
  /// guarded (`LearnableCorrection.replacesHeard` false).
  public static func learnedForms(from database: AppDatabase) -> [LearnedForm] {
    ((try? database.learnedCorrections()) ?? []).map {
      LearnedForm(heard: $0.heard, term: $0.corrected, context: $0.context, guarded: !$0.replacesHeard)
    }
  }

  /// The engine the settings choose, unless `id` names another (then `model`, or that engine's default).
  public func engine(id: String? = nil, model: String? = nil) -> EngineChoice {
    let chosen = id ?? settings.engine
    if chosen == UtterSettings.ownServerEngine {
      let serverModel = settings.engineServerModel.isEmpty ? nil : settings.engineServerModel
      return EngineChoice(id: chosen, model: model ?? serverModel)
    }
    let settingsModel = settings.model.isEmpty ? nil : settings.model
    return EngineChoice(id: chosen, model: model ?? (chosen == settings.engine ? settingsModel : nil))
  }

  /// The spoken language, or nil to detect it.
  public var language: String? {
    LanguageChoice(settings.language).tag
  }

  /// The dictionary terms the engine is told to expect.
  public var vocabularyPrompt: [String] { Vocabulary.prompt(for: dictionary) }

  /// The polish provider's id, or nil when polish is off.
  public var polishProvider: String? { settings.activePolishProvider }

  /// The polish model, or nil for the provider's default.
  public var polishModel: String? { settings.polishModel(for: polishProvider) }
}
