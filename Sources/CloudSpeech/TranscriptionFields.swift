import HTTPTransport
import SpeechEngine

/// The form fields an OpenAI-style transcription server takes besides `file` and `model`.
public enum TranscriptionFields: Sendable, Hashable {
  /// OpenAI, Groq and compatible servers: `language`, `prompt` (the options' combined prompt), `temperature` 0
  /// and `response_format` (`verbose_json` for Whisper models, whose segments carry timing and confidence;
  /// `json` otherwise).
  case openAI
  /// Mistral's Voxtral: `language`, and the vocabulary as repeated `context_bias` fields (one term each, spaces
  /// as underscores). Mistral does not accept `timestamp_granularities` together with `language`, so segment
  /// timing is asked for only when the language is left to detection.
  case mistral

  /// `term` as Mistral wants a context-bias item: no spaces or commas.
  static func contextBiasItem(_ term: String) -> String? {
    let item = term.trimmingCharacters(in: .whitespacesAndNewlines)
      .split(whereSeparator: { $0.isWhitespace || $0 == "," }).joined(separator: "_")
    return item.isEmpty ? nil : item
  }

  func add(to form: inout MultipartFormData, model: String, options: TranscriptionOptions) {
    switch self {
    case .openAI:
      if let language = options.language, !language.isEmpty { form.append("language", language) }
      if let prompt = options.combinedPrompt { form.append("prompt", prompt) }
      form.append("response_format", model.lowercased().contains("whisper") ? "verbose_json" : "json")
      form.append("temperature", "0")
    case .mistral:
      if let language = options.language, !language.isEmpty {
        form.append("language", language)
      } else {
        form.append("timestamp_granularities", "segment")
      }
      for term in options.vocabulary.prefix(100) {
        if let item = Self.contextBiasItem(term) { form.append("context_bias", item) }
      }
    }
  }
}
