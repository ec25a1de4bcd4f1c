import ArgumentParser
import CLISupport
import DictationValues
import Foundation
import Storage
import TextPipeline

/// `utter format`: cleans up raw dictated text from standard input, on this machine, with no network.
struct FormatCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "format",
    abstract: "Clean up raw dictated text read from standard input.",
    discussion: """
      Removes fillers and stutters, applies spoken corrections and punctuation, writes sentences, the \
      personal dictionary and snippets in the chosen style, and fits the text after --context. \
      Stages: \(TextStageKind.allCases.map(\.rawValue).joined(separator: ", ")).
      """
  )

  @OptionGroup var global: GlobalOptions

  @Option(help: "Style: \(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")).")
  var style: String = TextStyle.formal.rawValue

  @Option(name: .customLong("context"), help: "The text already before the cursor.")
  var textBeforeCursor: String?

  @Option(help: "The text's language (e.g. fr); the stages that read English words run only for English, the default.")
  var language: String?

  @Flag(help: "Write what each stage changed to standard error.")
  var trace = false

  @Option(
    name: .customLong("dictionary-file"),
    help:
      "Extra dictionary and snippets: JSON (entries, or {\"dictionary\": […], \"snippets\": […]}) or lines 'term: replacement, …'."
  )
  var dictionaryFile: String?

  @Option(name: .customLong("skip"), help: "A stage to switch off (repeatable).")
  var skippedStages: [String] = []

  func run() async throws {
    let configuration = try pipelineConfiguration()
    let input = FileHandle.standardInput.readDataToEndOfFile()
    var raw = String(decoding: input, as: UTF8.self)
    if raw.hasSuffix("\n") { raw.removeLast() }
    let result = TextPipeline(configuration: configuration).run(
      raw, context: FieldContext(textBeforeCursor: textBeforeCursor ?? "", language: language))
    if trace {
      var before = raw
      for step in result.trace {
        printError("\(step.stage): \(Self.quoted(before)) -> \(Self.quoted(step.text))")
        for reason in step.reasons { printError("  removed \(reason)") }
        before = step.text
      }
    }
    FileHandle.standardOutput.write(Data((result.text + "\n").utf8))
  }

  /// The configuration from the options, the stored vocabulary and the dictionary file.
  func pipelineConfiguration() throws -> PipelineConfiguration {
    guard let style = TextStyle(rawValue: style) else {
      throw CLIError(
        "unknown style '\(style)' (choose \(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    var stages = Set(TextStageKind.allCases)
    for name in skippedStages {
      guard let kind = TextStageKind(rawValue: name) else {
        throw CLIError(
          "unknown stage '\(name)' (choose \(TextStageKind.allCases.map(\.rawValue).joined(separator: ", ")))")
      }
      stages.remove(kind)
    }
    var (dictionary, snippets) = try storedVocabulary(dataDir: Locations.dataDirectory(override: global.dataDir))
    if let dictionaryFile {
      let extra = try VocabularyFile.read(URL(fileURLWithPath: dictionaryFile))
      dictionary += extra.dictionary
      snippets += extra.snippets
    }
    return PipelineConfiguration(dictionary: dictionary, snippets: snippets, style: style, enabledStages: stages)
  }

  /// `text` in double quotes with newlines shown as `\n`.
  static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\n", with: "\\n") + "\""
  }
}

/// A dictionary file given on the command line.
enum VocabularyFile {
  /// Reads JSON (a list of entries, or an object with `dictionary` and `snippets`) or plain lines
  /// `term` / `term: replacement, replacement`.
  static func read(_ url: URL) throws -> (dictionary: [DictionaryEntry], snippets: [Snippet]) {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw CLIError("cannot read dictionary file \(url.path)")
    }
    let text = String(decoding: data, as: UTF8.self)
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.hasPrefix("[") || trimmed.hasPrefix("{") {
      let decoder = JSONDecoder()
      if let entries = try? decoder.decode([LenientEntry].self, from: data) {
        return (entries.map(\.entry), [])
      }
      if let combined = try? decoder.decode(CombinedLenient.self, from: data) {
        return ((combined.dictionary ?? []).map(\.entry), combined.snippets ?? [])
      }
      throw CLIError("dictionary file \(url.path) is not a list of entries or {\"dictionary\", \"snippets\"}")
    }
    var entries: [DictionaryEntry] = []
    for line in text.split(whereSeparator: \.isNewline) {
      let parts = line.split(separator: ":", maxSplits: 1)
      let term = parts.first?.trimmingCharacters(in: .whitespaces) ?? ""
      guard !term.isEmpty, !term.hasPrefix("#") else { continue }
      let replacements =
        parts.count > 1
        ? parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } : []
      entries.append(DictionaryEntry(term: term, replacements: replacements))
    }
    return (entries, [])
  }

  /// A dictionary entry whose `replacements` and `matchBySound` may be left out.
  private struct LenientEntry: Decodable {
    var term: String
    var replacements: [String]?
    var matchBySound: Bool?
    var entry: DictionaryEntry {
      DictionaryEntry(term: term, replacements: replacements ?? [], matchBySound: matchBySound ?? true)
    }
  }

  private struct CombinedLenient: Decodable {
    var dictionary: [LenientEntry]?
    var snippets: [Snippet]?
  }
}
