import DictationValues

/// Which model reads a dictation in a given language: the one chosen, another installed one that reads the language
/// when the chosen one cannot (an English-only model and a French field), or none, with what to install. A model is
/// never asked for a language it was not trained on: English-only Whisper reading French writes English-sounding
/// words, not French.
public enum ModelRoute: Sendable, Hashable {
  /// The chosen model reads the language (or it is left to detection, or the engine reads any).
  case chosen
  /// The chosen model does not read the language; this installed model of the same engine does.
  case installed(model: String)
  /// No installed model reads it: the dictation is refused before it is recorded, with this line.
  case refused(String)
}

extension SpeechEngineRegistry {
  /// The model that reads a dictation in `language` (nil: detected) with engine `id` and its `model` (nil: the
  /// engine's default): the chosen one where it reads the language, else the first installed one that does (in the
  /// engine's order), else a refusal naming the first of its models that would.
  public func route(language: String?, engine id: String, model: String?) -> ModelRoute {
    guard let language, let descriptor = descriptor(id: id), let models = installedModels(id: id) else {
      return .chosen
    }
    let chosen = model ?? descriptor.models.first ?? ""
    guard !ModelLanguages.reads(models.languages(chosen), language) else { return .chosen }
    let installed = models.installed()
    let ordered = descriptor.models.filter(installed.contains) + installed.filter { !descriptor.models.contains($0) }
    if let other = ordered.first(where: { ModelLanguages.reads(models.languages($0), language) }) {
      return .installed(model: other)
    }
    let name = ModelLanguages.name(of: language)
    let reads = ModelLanguages.names(models.languages(chosen))
    let lead = "the speech model \(chosen) reads \(reads) only"
    guard let suggestion = descriptor.models.first(where: { ModelLanguages.reads(models.languages($0), language) })
    else { return .refused("\(lead), and no model of it reads \(name)") }
    return .refused("\(lead); for \(name), \(models.howToInstall(suggestion))")
  }
}

/// Languages as models declare them (ISO 639 codes; nil: any).
enum ModelLanguages {
  /// Whether a model that reads `languages` reads `language` (`pt-BR` is read as `pt`).
  static func reads(_ languages: Set<String>?, _ language: String) -> Bool {
    guard let languages else { return true }
    let primary = String(language.lowercased().prefix { $0 != "-" && $0 != "_" })
    return languages.contains(language) || languages.contains(primary)
  }

  /// `French` for `fr`; the code itself for a language Utter offers no name for.
  static func name(of code: String) -> String {
    let primary = String(code.lowercased().prefix { $0 != "-" && $0 != "_" })
    return OfferedLanguage.all.first { $0.code == primary }?.name ?? code
  }

  /// `English`, or `English and French`, or `any language`.
  static func names(_ languages: Set<String>?) -> String {
    guard let languages else { return "any language" }
    let named = languages.sorted().map(name(of:))
    guard let last = named.last, named.count > 1 else { return named.joined() }
    return named.dropLast().joined(separator: ", ") + " and " + last
  }
}
