import DictationValues
import SpeechEngine

extension FieldContext {
  /// How a dictation into this field is read, for the host and the pipeline alike: `base` (the settings' language,
  /// the dictionary's terms, the learned forms, beam and threads) in the language `DictationLanguage` decides: the
  /// field's (the keyboard's choice, or a request's), else the settings', the first the model reads (`readable`,
  /// `SpeechEngine.readableLanguages`; nil: any); nil detects it.
  public func transcriptionOptions(from base: TranscriptionOptions, readable: Set<String>? = nil)
    -> TranscriptionOptions
  {
    var options = base
    options.language = DictationLanguage.resolve(
      picked: language, setting: base.language, field: nil, readable: readable)
    return options
  }

  /// This field with the language its dictation was read in: the keyboard's choice, else the one the engine
  /// detected; the clean-up follows it.
  public func read(in detected: String?) -> FieldContext {
    var context = self
    if context.language?.isEmpty ?? true { context.language = detected }
    return context
  }
}
