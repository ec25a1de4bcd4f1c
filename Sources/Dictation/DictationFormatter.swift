import DictationValues
import Foundation
import LLMPolish
import SpeechEngine
import SpeechReading
import TextPipeline

/// The text a dictation ends as: the deterministic clean-up in the dictation's style, then (when the settings
/// ask for it) LLM polish behind its safety net. Polish that cannot run or is overruled keeps the clean-up's text
/// and says why; it never costs the user their words.
public struct DictationFormatter: Sendable {
  /// The settings it formats with; a change to what polish reads (provider, model, address, name, dictionary)
  /// builds its polisher again, so a session that reads new settings polishes with them.
  public var settings: DictationSettings {
    didSet {
      guard PolishInputs(settings, choice) != PolishInputs(oldValue, choice) else { return }
      (providerID, polisher) = Self.polisher(for: settings, providers: providers, choice: choice)
    }
  }
  /// A style for every dictation (`utter transcribe --style`); nil resolves one per field.
  public var style: DictationStyle?
  /// The polisher, or why it could not be built (a missing key); nil when polish is off.
  private(set) var polisher: Result<Polisher, PolishUnavailable>?
  private(set) var providerID: String?
  private let providers: PolishProviders
  private let choice: PolishChoice
  /// The language every dictation is inserted in for this run (`utter transcribe --translate-to`); nil: the
  /// settings' `translate-to`, "" none.
  private let translateTo: String?

  /// Why polish could not run, in one line.
  public struct PolishUnavailable: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// A formatter for `settings`; `polishProvider` ("none": off) and `polishBaseURL` override the settings'. The
  /// saved `polish-base-url` applies only to providers that take it (`LLMProviderPreset.takesSavedAddress`): a
  /// cloud provider's key goes only to its own host; `polishBaseURL`, given for one run, is the caller's choice.
  public init(
    settings: DictationSettings, providers: PolishProviders, style: DictationStyle? = nil,
    polishProvider: String? = nil, polishModel: String? = nil, polishBaseURL: URL? = nil, translateTo: String? = nil
  ) {
    self.settings = settings
    self.style = style
    self.providers = providers
    self.translateTo = translateTo
    choice = PolishChoice(provider: polishProvider, model: polishModel, baseURL: polishBaseURL)
    (providerID, polisher) = Self.polisher(for: settings, providers: providers, choice: choice)
  }

  /// The polish a caller chose for every dictation, over the settings' (`utter transcribe --polish …`).
  struct PolishChoice: Sendable, Hashable {
    var provider: String?
    var model: String?
    var baseURL: URL?
  }

  /// What the polisher is built from: the provider, its address and what it is told.
  struct PolishInputs: Hashable {
    var provider: String?
    var baseURL: URL?
    var settings: PolishSettings

    init(_ settings: DictationSettings, _ choice: PolishChoice) {
      provider = choice.provider.map { $0 == "none" ? nil : $0 } ?? settings.polishProvider
      let saved = URL(string: settings.settings.polishBaseURL).flatMap { $0.host == nil ? nil : $0 }
      let takesSaved = provider.flatMap { LLMProviderCatalog.preset(id: $0)?.takesSavedAddress } ?? false
      baseURL = choice.baseURL ?? (takesSaved ? saved : nil)
      self.settings = PolishSettings(
        agentName: settings.settings.agentName, vocabulary: settings.vocabularyPrompt,
        model: choice.model ?? settings.settings.polishModel(for: provider))
    }
  }

  private static func polisher(
    for settings: DictationSettings, providers: PolishProviders, choice: PolishChoice
  ) -> (String?, Result<Polisher, PolishUnavailable>?) {
    let inputs = PolishInputs(settings, choice)
    guard let id = inputs.provider else { return (nil, nil) }
    do {
      let provider = try providers.make(id, inputs.settings.model, inputs.baseURL)
      return (id, .success(Polisher(provider: provider, settings: inputs.settings)))
    } catch {
      return (id, .failure(PolishUnavailable(description: "polish skipped: \(error)")))
    }
  }

  /// Why polish is configured but cannot run (a missing key), or nil.
  public var unavailablePolish: String? {
    if case .failure(let unavailable) = polisher { return unavailable.description }
    return nil
  }

  /// Whether a model is asked to polish dictations.
  public var polishesWithModel: Bool {
    if case .success = polisher { return true }
    return false
  }

  /// The host's clean-up of the live text: the deterministic steps of `format`, never a model.
  public var liveCleanUp: LiveTextCleanUp {
    let formatter = self
    return { raw, field in formatter.cleanUp(raw, field: field).text }
  }

  /// The style a dictation into `field` takes.
  private func style(for field: FieldContext) -> DictationStyle {
    style ?? DictationStyle.resolve(setting: settings.settings.polishStyle, saved: settings.styles, field: field)
  }

  /// The deterministic clean-up of `raw` for `field`, in the field's style.
  public func cleanUp(_ raw: String, field: FieldContext = FieldContext()) -> FormattedText {
    let result = textPipeline(for: field).run(raw, context: field)
    return FormattedText(text: result.text, trace: result.trace, pressesReturn: result.pressesReturn)
  }

  /// Each of `segments` with its words cleaned up for `field` as `cleanUp` cleans a dictation's, trimmed.
  public func cleanUp(_ segments: [TranscriptSegment], field: FieldContext) -> [TranscriptSegment] {
    let pipeline = textPipeline(for: field)
    return segments.map { segment in
      var cleaned = segment
      cleaned.text = pipeline.run(segment.text, context: field).text.trimmingCharacters(in: .whitespacesAndNewlines)
      return cleaned
    }
  }

  /// The clean-up's stages for `field`: the settings' dictionary and snippets, in the field's style.
  private func textPipeline(for field: FieldContext) -> TextPipeline {
    TextPipeline(
      configuration: PipelineConfiguration(
        dictionary: settings.dictionary, snippets: settings.snippets, style: style(for: field).text))
  }

  /// The language a dictation into `field` is inserted in, or nil when it goes in as spoken: this run's
  /// (`--translate-to`), else its style's (a saved style may have one, picked on the keyboard or claiming the
  /// field), else the `translate-to` setting's.
  public func translationTarget(for field: FieldContext) -> String? {
    let target = translateTo ?? style(for: field).translateTo ?? settings.settings.translateTo
    return target.isEmpty ? nil : target
  }

  /// Formats `raw` for `field`, with the polish report when a model was asked, then writes it in the language
  /// the dictation is inserted in (`translationTarget(for:)`) when the dictation's is another.
  public func format(_ raw: String, field: FieldContext = FieldContext()) async -> (
    text: FormattedText, polish: PolishReport?
  ) {
    var (formatted, report) = await polished(raw, field: field)
    if let target = translationTarget(for: field), Self.language(field.language) != Self.language(target),
      !formatted.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    {
      await translate(&formatted, into: target, from: Self.language(field.language))
    }
    return (formatted, report)
  }

  /// The primary subtag of a language code (`pt-BR` → `pt`), nil for none or `auto`.
  private static func language(_ code: String?) -> String? {
    LanguageChoice(code).tag.map { String($0.split(separator: "-").first ?? "").lowercased() }
  }

  /// Writes `formatted` in `target` with the polish provider, keeping the text as spoken in `original` (and the
  /// trace); without a provider, or when the model's answer is no translation, it stays as spoken, saying why.
  private func translate(_ formatted: inout FormattedText, into target: String, from source: String?) async {
    if let onDevice = providers.translate,
      let written = await onDevice(formatted.text.trimmingCharacters(in: .whitespacesAndNewlines), source, target),
      !written.isEmpty
    {
      let lead = String(formatted.text.prefix { $0 == " " || $0 == "\n" })
      formatted.original = formatted.text
      formatted.text = lead + written
      formatted.trace.append(TraceStep(stage: "translate on the device (into \(target))", text: formatted.text))
      return
    }
    guard case .success(let polisher) = polisher else {
      let why = "Not translated: translation uses the polish provider, and none is chosen"
      formatted.notice = [formatted.notice, why].compactMap { $0 }.joined(separator: " · ")
      formatted.trace.append(TraceStep(stage: "translate (skipped)", text: formatted.text, reasons: [why]))
      return
    }
    let result = await polisher.translate(formatted.text, into: target)
    guard result.translated else {
      formatted.notice = [formatted.notice, result.notice].compactMap { $0 }.joined(separator: " · ")
      formatted.trace.append(TraceStep(stage: "translate (kept as spoken)", text: formatted.text))
      return
    }
    formatted.original = formatted.text
    formatted.text = result.text
    formatted.trace.append(TraceStep(stage: "translate (into \(target))", text: result.text))
  }

  /// The clean-up, then polish when the settings ask for it.
  private func polished(_ raw: String, field: FieldContext) async -> (text: FormattedText, polish: PolishReport?) {
    let style = style(for: field)
    var formatted = cleanUp(raw, field: field)
    guard let polisher, style.allowsPolish, !formatted.text.trimmingCharacters(in: .whitespaces).isEmpty else {
      return (formatted, nil)
    }
    switch polisher {
    case .failure(let unavailable):
      formatted.trace.append(TraceStep(stage: "llm-polish (skipped)", text: unavailable.description))
      formatted.notice = unavailable.description
      return (formatted, nil)
    case .success(let polisher):
      let outcome = await polisher.polish(formatted.text, context: field, style: style.polish)
      let latency = Double(outcome.latency.components.seconds) + Double(outcome.latency.components.attoseconds) / 1e18
      let report = PolishReport(
        provider: providerID ?? "", usedLLM: outcome.usedLLM, rejection: outcome.rejectionReason,
        latencySeconds: latency)
      if outcome.usedLLM {
        // NB: the clean-up spaced the text against the cursor; the model's text keeps that lead.
        let lead = String(formatted.text.prefix { $0 == " " || $0 == "\n" })
        formatted.text = lead + outcome.text.trimmingCharacters(in: .whitespacesAndNewlines)
        formatted.trace.append(TraceStep(stage: "llm-polish", text: formatted.text))
      } else {
        let reason = outcome.rejectionReason ?? "no change"
        formatted.trace.append(
          TraceStep(stage: "llm-polish (kept deterministic text: \(reason))", text: formatted.text))
        formatted.notice = outcome.rejection?.notice
      }
      return (formatted, report)
    }
  }
}
