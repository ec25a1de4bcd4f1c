import AppSettings
import ArgumentParser
import AudioInput
import CLISupport
import Dictation
import DictationHost
import DictationValues
import Foundation
import KeyboardModel
import SessionChannel
import SpeechEngine
import Storage
import TextPipeline
import WordMatching

struct BenchLearningCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "learning",
    abstract: "Whether learning from corrections helps on names and jargon and does no harm elsewhere.",
    discussion: """
      Speaks each sentence with espeak-ng and dictates it through the dictation pipeline (engine, clean-up, \
      dictionary) with an empty dictionary. The user's correction of each term sentence (its reference) is aligned \
      with what was inserted, judged by the audio as the app judges it (read again with the corrected words as the \
      prompt), and learned as the keyboard would report it, twice. Then everything is dictated again. Reports the \
      terms spelled right and the WER on the term sentences, and the WER on the ordinary sentences, before and \
      after learning; every correction not learned, with why; and every ordinary sentence learning changed. With \
      --unrelated, those terms are in the dictionary from the start (as the user added them), and the ordinary \
      sentences are also compared with a dictation with no dictionary at all: biasing toward terms must not spill \
      into speech that says none of them. Needs espeak-ng.
      """
  )

  @Option(help: "Sentences with names and jargon, one per line.")
  var sentences = "Samples/eval/term-sentences.txt"

  @Option(help: "The terms whose spelling is counted, one per line.")
  var terms = "Samples/eval/term-vocabulary.txt"

  @Option(help: "Ordinary sentences (learning must not make them worse), one per line.")
  var ordinary = "Samples/eval/synth-sentences.txt"

  @Option(help: "Dictionary terms the sentences never say, added before the first dictation, one per line.")
  var unrelated: String?

  @OptionGroup var engineChoice: BenchEngineOptions

  @Option(parsing: .unconditional, help: "Beam size, 1 (greedy, as the keyboard's session uses) to 8.")
  var beam: Int = 1

  @Flag(help: "Print each sentence's text before and after, and what was learned.")
  var verbose = false

  func validate() throws {
    try OptionRange.check(beam, OptionRange.beam, option: "--beam")
  }

  /// One spoken sentence.
  struct Utterance {
    var reference: String
    var samples: [Float]
  }

  /// Errors and terms over a set of sentences.
  struct Score {
    var words = WordErrorCount()
    var terms = TermCount()
    var texts: [String] = []
    /// The engine's words for each sentence.
    var raws: [String] = []
  }

  func run() async throws {
    let termSentences = try BenchMeasure.lines(sentences, what: "sentences")
    let termList = try BenchMeasure.lines(terms, what: "vocabulary")
    let ordinarySentences = try BenchMeasure.lines(ordinary, what: "sentences")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "utter-bench-learning-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(at: folder) }
    printError("speaking \(termSentences.count + ordinarySentences.count) sentences with espeak-ng")
    let termSpeech = try Self.speak(termSentences, in: folder, prefix: "term")
    let ordinarySpeech = try Self.speak(ordinarySentences, in: folder, prefix: "ordinary")

    let speech = try await engineChoice.load()
    let database: AppDatabase
    do { database = try AppDatabase.inMemory() } catch { throw CLIError("\(error)") }

    var unrelatedTerms: [String] = []
    var ordinaryNone: Score?
    if let unrelated {
      unrelatedTerms = try BenchMeasure.lines(unrelated, what: "unrelated terms")
      ordinaryNone = try await dictate(ordinarySpeech, engine: speech, database: database, terms: termList)
      do {
        for term in unrelatedTerms { try database.saveDictionaryEntry(DictionaryEntry(term: term)) }
      } catch { throw CLIError("\(error)") }
    }

    let termsBefore = try await dictate(termSpeech, engine: speech, database: database, terms: termList)
    let ordinaryBefore = try await dictate(ordinarySpeech, engine: speech, database: database, terms: termList)

    // The user fixes each term sentence to what they said; the keyboard reports the words they changed, twice.
    let learner = WordLearner(database: database, dictionary: LiveDictionary([]))
    var learnedLines: [String] = []
    var refused: [String] = []
    let options = TranscriptionOptions(beamSize: beam)
    for round in 0..<2 {
      for (index, utterance) in termSpeech.enumerated() {
        let inserted = termsBefore.texts[index]
        guard let watch = InsertionWatch(inserted: inserted, before: "", after: ""),
          let edit = watch.edit(before: utterance.reference, after: "")
        else { continue }
        let corrections = CorrectedWords.found(inserted: edit.inserted, edited: edit.edited, inView: edit.inView)
        guard !corrections.isEmpty else { continue }
        let judged = await DictationHost.judgeByAudio(
          corrections, dictations: [(termsBefore.raws[index], utterance.samples)], engine: speech, options: options,
          logger: SessionLogging.logger("utter.bench"))
        let report = learner.learn(judged)
        learnedLines += report.learned.map {
          "learned \($0.term) (replaces: \($0.replacements.joined(separator: ", ")))"
        }
        if round == 1 { refused += report.rejected }
      }
    }
    let learned = try database.dictionaryEntries().filter { $0.origin == .learned }
    if verbose { learnedLines.forEach { printError($0) } }

    let termsAfter = try await dictate(termSpeech, engine: speech, database: database, terms: termList)
    let ordinaryAfter = try await dictate(ordinarySpeech, engine: speech, database: database, terms: termList)
    if verbose {
      for (index, utterance) in termSpeech.enumerated() {
        printError(
          "\(utterance.reference)\n  before: \(termsBefore.texts[index])\n  after:  \(termsAfter.texts[index])")
      }
    }

    var table = TextTable("measure", "before learning", "after two corrections")
    table.add(
      "terms spelled right", "\(termsBefore.terms.right) of \(termsBefore.terms.spoken)",
      "\(termsAfter.terms.right) of \(termsAfter.terms.spoken)")
    table.add("WER, term sentences", Self.percent(termsBefore.words), Self.percent(termsAfter.words))
    table.add("WER, ordinary sentences", Self.percent(ordinaryBefore.words), Self.percent(ordinaryAfter.words))
    if let ordinaryNone {
      table.add("WER, ordinary sentences, no dictionary", Self.percent(ordinaryNone.words), "")
    }
    let given = unrelatedTerms.isEmpty ? "empty" : "\(unrelatedTerms.count) unrelated terms"
    table.add("dictionary", given, "+ \(learned.count) learned: \(learned.map(\.term).joined(separator: ", "))")
    table.add("engine", "\(speech.id) \(speech.model), beam \(beam)", "")
    table.print()
    let changed = zip(ordinaryBefore.texts, ordinaryAfter.texts).filter { $0 != $1 }
    print("ordinary sentences changed by learning: \(changed.count) of \(ordinarySentences.count)")
    for (before, after) in changed { print("  \(before) → \(after)") }
    if let ordinaryNone {
      let spilled = zip(ordinaryNone.texts, ordinaryAfter.texts).filter { $0 != $1 }
      let total = ordinarySentences.count
      print("ordinary sentences changed by the dictionary (against none): \(spilled.count) of \(total)")
      for (none, after) in spilled { print("  \(none) → \(after)") }
    }
    print("corrections not learned (second round): \(refused.count)")
    for line in refused { print("  \(line)") }
  }

  /// Dictates every utterance through the pipeline with the store's current dictionary.
  func dictate(
    _ utterances: [Utterance], engine speech: any SpeechEngine, database: AppDatabase, terms: [String]
  ) async throws -> Score {
    let settings = DictationSettings.load(from: database)
    let noPolish = PolishProviders { _, _, _ in throw CLIError("polish is not measured here") }
    let pipeline = DictationPipeline(
      engines: .only(speech),
      formatter: DictationFormatter(settings: settings, providers: noPolish, polishProvider: "none"), archive: nil)
    var score = Score()
    for utterance in utterances {
      let outcome = try await pipeline.run(utterance.samples, request: .init(beamSize: beam))
      score.words = score.words + WordErrorRate.count(reference: utterance.reference, hypothesis: outcome.text)
      score.terms.add(reference: utterance.reference, hypothesis: outcome.text, terms: terms)
      score.texts.append(outcome.text)
      score.raws.append(outcome.rawText)
    }
    return score
  }

  static func percent(_ count: WordErrorCount) -> String {
    "\(String(format: "%.1f", count.rate * 100))% (\(count.errors)/\(count.referenceWords))"
  }

  /// Each sentence spoken by espeak-ng (en-us, 150 words a minute, as `scripts/synth-eval.sh`), decoded to 16 kHz.
  static func speak(_ sentences: [String], in folder: URL, prefix: String) throws -> [Utterance] {
    try sentences.enumerated().map { index, sentence in
      let url = folder.appendingPathComponent("\(prefix)-\(index).wav")
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["espeak-ng", "-v", "en-us", "-s", "150", "-w", url.path, sentence]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      do { try process.run() } catch { throw CLIError("cannot run espeak-ng: \(error)") }
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { throw CLIError("espeak-ng failed; is it installed?") }
      do {
        return Utterance(reference: sentence, samples: try AudioFileDecoder.decode(contentsOf: url).samples)
      } catch {
        throw CLIError("cannot read espeak-ng's audio: \(error)")
      }
    }
  }
}
