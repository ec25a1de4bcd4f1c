import ArgumentParser
import AudioInput
import CLISupport
import Dictation
import DictationValues
import Foundation
import Storage

struct TranscribeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "transcribe",
    abstract: "Transcribe an audio file on-device and print the cleaned-up text.",
    discussion: """
      Reads WAV (any PCM or float format, any rate) or raw 16 kHz s16le PCM; mp3, m4a, ogg and flac through ffmpeg.
      Only voiced audio reaches the engine. The dictation is saved in history unless retention is off. Audio with
      no speech prints nothing and "no speech detected" on standard error (exit status 1; with --json, 0).
      """
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The audio file.")
  var file: String

  @OptionGroup var engineOptions: EngineOptions

  @Option(name: .customLong("base-url"), help: "Base URL for a cloud engine (a proxy or an OpenAI-compatible server).")
  var baseURL: String?

  @Option(help: "Spoken language as an ISO 639-1 code (multilingual models only).")
  var language: String?

  @Option(help: "Text style: formal, casual, very-casual or verbatim.")
  var style: String?

  @Option(
    help:
      "Polish with an LLM provider (openai, anthropic, gemini, groq, mistral, ollama, lmstudio, openai-compatible), or 'none'."
  )
  var polish: String?

  @Option(name: .customLong("polish-model"), help: "Model for --polish.")
  var polishModel: String?

  @Option(name: .customLong("polish-base-url"), help: "Base URL of the polish provider (e.g. a local server).")
  var polishBaseURL: String?

  @Option(
    name: .customLong("translate-to"),
    help: "Write the text in this language (e.g. en, fr), translated by the polish provider; the original is kept.")
  var translateTo: String?

  @Option(parsing: .unconditional, help: "Beam size, 1 (greedy decoding) to 8.")
  var beam: Int = 5

  @Option(parsing: .unconditional, help: "Threads for the embedded engine, 1 to 512.")
  var threads: Int?

  @Flag(help: "Print the engine's words, without clean-up.")
  var raw = false

  @Flag(help: "Print one JSON object with the text, timings and segments.")
  var json = false

  @Flag(name: .customLong("no-history"), help: "Don't save this dictation in history.")
  var noHistory = false

  func validate() throws {
    try OptionRange.check(beam, OptionRange.beam, option: "--beam")
    try OptionRange.check(threads, OptionRange.threads, option: "--threads")
  }

  func run() async throws {
    let engineBaseURL = try baseURL.map { try Self.httpURL($0, option: "--base-url") }
    let polishEndpoint = try polishBaseURL.map { try Self.httpURL($0, option: "--polish-base-url") }
    let url = URL(fileURLWithPath: file)
    let audio: DecodedAudio
    do {
      audio = try AudioFileDecoder.decode(contentsOf: url)
    } catch {
      throw CLIError("\(error)")
    }
    if let notice = audio.truncationNotice { printError("utter: \(url.lastPathComponent): \(notice)") }
    let dictation = CLIDictation(dataDirectory: global.dataDirectory)
    let pipeline = dictation.pipeline(
      source: .cli, keepInHistory: !noHistory, engineBaseURL: engineBaseURL, style: try dictation.style(named: style),
      polishProvider: raw ? "none" : polish, polishModel: polishModel, polishBaseURL: polishEndpoint,
      translateTo: try translateTo.map(Self.translationLanguage))
    var request = DictationPipeline.Request(
      engine: engineOptions.choice(in: pipeline.settings), beamSize: beam, threads: threads,
      field: FieldContext(language: language))
    let progress = TerminalProgress()
    if progress.isShown {
      let name = url.lastPathComponent
      request.progress = { fraction in progress.show("transcribing \(name): \(Int(fraction * 100))% of the audio") }
    }
    let outcome: DictationOutcome
    do {
      defer { progress.clear() }
      outcome = try await pipeline.run(audio.samples, request: request)
    } catch let error as CLIError {
      throw error
    } catch let refusal as LanguageNotRead {
      throw CLIError("\(url.lastPathComponent): not transcribed: \(refusal)")
    } catch {
      throw CLIError("\(url.lastPathComponent): transcription failed: \(error)")
    }
    // NB: without a database the storage warning says it already.
    let openWarning = dictation.database == nil ? nil : dictation.openWarning
    for warning in [openWarning, outcome.notice, outcome.storageWarning].compactMap({ $0 }) {
      printError("utter: \(warning)")
    }
    let noSpeech = outcome.rawText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    if noSpeech, !json { throw CLIError("\(url.lastPathComponent): no speech detected") }
    if noSpeech { printError("utter: \(url.lastPathComponent): no speech detected") }
    if json {
      print(try outcome.jsonString())
    } else {
      print(raw ? outcome.rawText : outcome.text)
    }
  }
}

extension TranscribeCommand {
  /// `--translate-to`'s language, checked as the `translate-to` setting is.
  static func translationLanguage(_ text: String) throws -> String {
    var settings = UtterSettings()
    do { try settings.setValue(text, forKey: "translate-to") } catch {
      throw ValidationError("--translate-to must be a language code such as en or fr, not \(text)")
    }
    return settings.translateTo
  }

  static func httpURL(_ text: String, option: String) throws -> URL {
    guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
      throw CLIError("\(option) must be an http or https URL, not '\(text)'")
    }
    return url
  }
}

extension GlobalOptions {
  /// The resolved user-data folder.
  var dataDirectory: URL { Locations.dataDirectory(override: dataDir) }
}
