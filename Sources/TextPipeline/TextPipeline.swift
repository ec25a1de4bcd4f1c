import DictationValues

/// How the text pipeline cleans up dictation.
public struct PipelineConfiguration: Sendable, Hashable {
  /// Preferred spellings and sound-alike replacements.
  public var dictionary: [DictionaryEntry]
  /// Spoken triggers that expand to stored text.
  public var snippets: [Snippet]
  /// How formal the written text is.
  public var style: TextStyle
  /// The stages that run; the others are skipped.
  public var enabledStages: Set<TextStageKind>

  /// A configuration; by default every stage runs in the formal style with no dictionary or snippets.
  public init(
    dictionary: [DictionaryEntry] = [], snippets: [Snippet] = [], style: TextStyle = .formal,
    enabledStages: Set<TextStageKind> = Set(TextStageKind.allCases)
  ) {
    self.dictionary = dictionary
    self.snippets = snippets
    self.style = style
    self.enabledStages = enabledStages
  }
}

/// How formal the written text is.
public enum TextStyle: String, Sendable, Codable, CaseIterable {
  /// Full capitalisation and punctuation.
  case formal
  /// Capitals kept; a single sentence loses its final period.
  case casual
  /// Lower-case sentence starts (except "I" and dictionary terms) and no final period.
  case veryCasual = "very-casual"
  /// The engine's text as it came, only spaced against the text before the cursor.
  case verbatim
}

/// The cleaned-up text and what each stage changed.
public struct PipelineResult: Sendable, Hashable {
  /// The text to insert.
  public var text: String
  /// The stages that changed the text, in order.
  public var trace: [TraceStep]
  /// Whether the keyboard presses the field's return key after inserting the text ("press enter").
  public var pressesReturn: Bool

  /// A result.
  public init(text: String, trace: [TraceStep], pressesReturn: Bool = false) {
    self.text = text
    self.trace = trace
    self.pressesReturn = pressesReturn
  }
}

/// The deterministic clean-up of an engine's raw text: fillers, repetitions, corrections, spoken
/// punctuation, sentences, dictionary, snippets, style and insertion, in that order.
public struct TextPipeline: Sendable {
  /// The configuration the pipeline was built from.
  public let configuration: PipelineConfiguration
  /// The stages that run, in order.
  public let stages: [any TextStage]

  /// Builds the stages, precomputing dictionary keys and snippet triggers.
  public init(configuration: PipelineConfiguration = .init()) {
    self.configuration = configuration
    let enabled = configuration.enabledStages
    var stages: [any TextStage] = []
    if configuration.style != .verbatim {
      if enabled.contains(.fillers) { stages.append(FillerRemoval()) }
      if enabled.contains(.repetitions) { stages.append(RepetitionRemoval()) }
      if enabled.contains(.corrections) { stages.append(CourseCorrection()) }
      if enabled.contains(.returnKey) { stages.append(SpokenReturn()) }
      if enabled.contains(.casing) { stages.append(IdentifierCasing()) }
      if enabled.contains(.emoji) { stages.append(SpokenEmoji()) }
      if enabled.contains(.spokenPunctuation) { stages.append(SpokenPunctuation()) }
      if enabled.contains(.numbers) { stages.append(NumberFormatting()) }
      if enabled.contains(.sentences) { stages.append(SentenceFormatting()) }
      if enabled.contains(.dictionary), !configuration.dictionary.isEmpty {
        stages.append(DictionaryReplacement(entries: configuration.dictionary))
      }
      if enabled.contains(.snippets), !configuration.snippets.isEmpty {
        stages.append(SnippetExpansion(snippets: configuration.snippets))
      }
      if enabled.contains(.style) { stages.append(StyleApplication(style: configuration.style)) }
    }
    if enabled.contains(.insertion) {
      stages.append(InsertionAdjustment(keepsLetterCase: configuration.style == .verbatim))
    }
    self.stages = stages
  }

  /// Cleans up `raw` for insertion after `context`, recording each stage that changed the text. Text in a language
  /// other than English (`context.language`) skips the stages that read English words.
  public func run(_ raw: String, context: FieldContext = FieldContext()) -> PipelineResult {
    var document = TextDocument(parsing: raw)
    var trace: [TraceStep] = []
    var before = document.text
    let english = context.isEnglish
    let commands = context.takesVoiceCommands
    for stage in stages where (english || !stage.readsEnglishWords) && (commands || !stage.isVoiceCommand) {
      document.reasons = []
      stage.apply(&document, context: context)
      let after = document.text
      if after != before {
        trace.append(TraceStep(stage: stage.name, text: after, reasons: document.reasons))
        before = after
      }
    }
    return PipelineResult(text: before, trace: trace, pressesReturn: document.pressesReturn)
  }
}

/// The personal dictionary as a hint for speech engines.
public enum Vocabulary {
  /// The terms to hand a speech engine as vocabulary (its prompt or keyword list), each once, in order.
  public static func prompt(for entries: [DictionaryEntry]) -> [String] {
    var seen: Set<String> = []
    var terms: [String] = []
    for entry in entries {
      let term = entry.term.trimmingWhitespace()
      guard !term.isEmpty, seen.insert(term.lowercased()).inserted else { continue }
      terms.append(term)
    }
    return terms
  }
}

/// The terms to hand a speech engine as a vocabulary hint; the same as `Vocabulary.prompt(for:)`.
public func vocabularyPrompt(_ entries: [DictionaryEntry]) -> [String] {
  Vocabulary.prompt(for: entries)
}

extension String {
  /// The string without leading or trailing spaces and newlines.
  func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
