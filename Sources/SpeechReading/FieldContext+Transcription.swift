import DictationValues
import SpeechEngine

extension FieldContext {
  /// How a dictation into this field is read, for the host and the pipeline alike: `base` (the settings' language,
  /// the dictionary's terms, the learned forms, beam and threads) in the language the keyboard chose for the field
  /// (`KeyboardLanguage.resolve` weighed the keyboard's pick, the settings and the conversation), unless it chose
  /// none or `auto`.
  public func transcriptionOptions(from base: TranscriptionOptions) -> TranscriptionOptions {
    var options = base
    if let tag = LanguageChoice(language).tag { options.language = tag }
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
