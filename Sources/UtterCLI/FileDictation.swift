import AudioInput
import Foundation
import SpeechEngine
import Storage
import TextPipeline

/// What to transcribe and how.
struct DictationRequest {
  var audioURL: URL
  var engine: String?
  var model: String?
  var language: String?
  var style: String?
  var beamSize = 5
  var threads: Int?
  var source: DictationSource = .cli
  var keepInHistory = true
  var baseURL: URL?
  /// LLM provider id for polish; nil uses the settings' choice, "none" turns polish off.
  var polishProvider: String?
  var polishModel: String?
  var polishBaseURL: URL?
  /// Told the fraction of the audio transcribed so far.
  var progress: (@Sendable (Double) -> Void)?
}

/// A finished dictation, as `utter transcribe --json` prints it.
struct DictationOutcome: Encodable {
  var text: String
  var rawText: String
  var engine: String
  var model: String
  var language: String?
  var audioSeconds: Double
  var elapsedSeconds: Double
  var segments: [TranscriptSegment]
  var trace: [StageChange]
  var polish: PolishReport?
  var historyID: Int64?
  /// Set when the dictation could not be saved; the text is still returned.
  var storageWarning: String?

  func jsonString() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }
}

/// Transcribes an audio file with the configured engine, cleans the text up with the stored dictionary and
/// snippets, and records it in history (with a 16 kHz copy of its audio, for retry) before returning it.
struct FileDictation {
  var dataDirectory: URL

  func run(_ request: DictationRequest) async throws -> DictationOutcome {
    let started = Date()
    let audio: DecodedAudio
    do {
      audio = try AudioFileDecoder.decode(contentsOf: request.audioURL)
    } catch {
      throw CLIError("\(error)")
    }
    let store = StoreAccess(dataDirectory: dataDirectory)
    let settings = store.settings
    let vocabulary = store.vocabulary
    let engineID = request.engine ?? settings?.engine ?? "whisper"
    let model = request.model ?? (engineID == settings?.engine ? settings?.model : nil)
    let engine = try await EngineFactory.make(
      id: engineID, model: model, dataDirectory: dataDirectory, baseURL: request.baseURL)
    let language = request.language ?? settings.flatMap { $0.language == "auto" ? nil : $0.language }
    let options = TranscriptionOptions(
      language: language, vocabulary: Vocabulary.prompt(for: vocabulary.dictionary), beamSize: request.beamSize,
      threads: request.threads)
    let transcript: Transcript
    do {
      transcript = try await VoicedTranscription(progress: request.progress)
        .transcribe(audio.samples, engine: engine, options: options)
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError("\(request.audioURL.lastPathComponent): transcription failed: \(error)")
    }
    let style = try textStyle(request.style)
    let pipeline = TextPipeline(
      configuration: PipelineConfiguration(
        dictionary: vocabulary.dictionary, snippets: vocabulary.snippets, style: style))
    var result = pipeline.run(transcript.text)
    var polish: PolishReport?
    let polishProvider = request.polishProvider ?? settings?.polishProvider ?? "none"
    if polishProvider != "none", style != .verbatim, !result.text.isEmpty {
      let polished = try await DictationPolish.run(
        result.text, provider: polishProvider,
        model: request.polishModel ?? settings.flatMap { $0.polishModel.isEmpty ? nil : $0.polishModel },
        vocabulary: Vocabulary.prompt(for: vocabulary.dictionary), agentName: settings?.agentName ?? "Utter",
        baseURL: request.polishBaseURL, dataDirectory: dataDirectory)
      result.text = polished.text
      if let step = polished.trace { result.trace.append(step) }
      polish = polished.report
    }
    var outcome = DictationOutcome(
      text: result.text, rawText: transcript.text, engine: engine.id, model: engine.model,
      language: transcript.language, audioSeconds: audio.duration, elapsedSeconds: Date().timeIntervalSince(started),
      segments: transcript.segments, trace: result.trace, polish: polish, historyID: nil,
      storageWarning: store.openWarning)
    if request.keepInHistory, !transcript.text.isEmpty {
      do {
        outcome.historyID = try store.record(outcome, samples: audio.samples, source: request.source)
      } catch {
        outcome.storageWarning = "the dictation was not saved in history: \(error)"
      }
    }
    return outcome
  }

  func textStyle(_ name: String?) throws -> TextStyle {
    guard let name else { return .formal }
    guard let style = TextStyle(rawValue: name) else {
      throw CLIError("unknown style '\(name)' (styles: \(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    return style
  }
}
