import Dictation
import DictationValues
import Foundation
import SessionChannel
import SpeechEngine
import Storage
import TextPipeline
import WordMatching

/// Learns names and terms from the words the user corrected in dictated text (reported by the keyboard): each
/// correction that looks like a recognition error (`LearnableCorrection`) is recorded in the store, and the second
/// time it is made the term joins the dictionary as learned. The session's dictionary is reloaded then, so the
/// next dictation of the same session already writes the term and hands it to the engine.
public struct WordLearner: Sendable {
  let database: AppDatabase?
  /// The dictionary the session's formatter reads.
  public let dictionary: LiveDictionary

  public init(database: AppDatabase?, dictionary: LiveDictionary) {
    self.database = database
    self.dictionary = dictionary
  }

  /// What one report of corrections did.
  public struct Report: Sendable, Hashable {
    /// Corrections recorded as suggestions or learned.
    public var recorded: [LearnableCorrection] = []
    /// Substitutions that were not recognition errors, with why.
    public var rejected: [String] = []
    /// Terms that joined the dictionary.
    public var learned: [DictionaryEntry] = []
    /// Every learned form, when a term was learned.
    public var learnedForms: [LearnedForm]?
    /// Why nothing could be recorded (learning off, the store failing), or nil.
    public var notice: String?
  }

  /// Judges and records `corrections`; reloads the session's dictionary when a term was learned.
  public func learn(_ corrections: [CorrectedWords]) -> Report {
    var report = Report()
    guard let database else {
      report.notice = "no store to learn into"
      return report
    }
    for words in Self.termsTaught(by: corrections) {
      let substitution = WordSubstitution(heard: words.heard, corrected: words.corrected)
      switch LearnableCorrection.judge(substitution, heardInAudio: words.heardInAudio) {
      case .reject(let reason):
        report.rejected.append("\(words.heard) → \(words.corrected): \(reason)")
        // NB: kept (when learning is on) so the dictionary screen can say why it was not learned.
        let kept = LearnableCorrection(
          heard: words.heard, corrected: words.corrected, kind: .notLearned, replacesHeard: false, evidence: reason)
        _ = try? database.recordCorrection(kept, context: words.context ?? [])
      case .learn(let correction):
        do {
          switch try database.recordCorrection(correction, context: words.context ?? []) {
          case .off:
            report.notice = "learning is off"
            return report
          case .dismissed:
            report.rejected.append("\(words.heard) → \(words.corrected): forgotten by the user")
          case .suggested:
            report.recorded.append(correction)
          case .learned(let entry):
            report.recorded.append(correction)
            report.learned.append(entry)
          }
        } catch {
          report.notice = "cannot record a correction: \(error)"
          return report
        }
      }
    }
    if !report.learned.isEmpty, let entries = try? database.dictionaryEntries() {
      dictionary.replace(with: entries)
      report.learnedForms = DictationSettings.learnedForms(from: database)
    }
    return report
  }
}

extension WordLearner {
  /// `corrections` as they are judged: a change longer than a misheard word (`WordAlignment.maxChangeWords`), a
  /// clause the user retyped ("mock-up sorry and figure" → "mockups are in Figma"), or a term typed with ordinary
  /// words beside it ("next code" → "in Xcode"), teaches each term they typed in it, in place of the run of heard
  /// words that sounds most like it; its other words are theirs to choose, never part of a term.
  static func termsTaught(by corrections: [CorrectedWords]) -> [CorrectedWords] {
    corrections.flatMap { words -> [CorrectedWords] in
      let heard = WordAlignment.words(words.heard)
      let corrected = WordAlignment.words(words.corrected)
      let long = heard.count > WordAlignment.maxChangeWords || corrected.count > WordAlignment.maxChangeWords
      // NB: a name of several capitalised words ("New York") stays whole; a lower-case word is never part of one.
      let plain = corrected.filter { word in !word.contains { $0.isUppercase || $0.isNumber } }
      let termAmongWords = !plain.isEmpty && corrected.contains(where: isTerm)
      guard long || termAmongWords else { return [words] }
      return corrected.filter(isTerm).compactMap { term in
        guard let run = closestRun(to: term, in: heard) else { return nil }
        // The words next to the run inside the clause, and those next to the clause.
        let inside = [run.lowerBound - 1, run.upperBound].filter(heard.indices.contains).map { heard[$0] }
        return CorrectedWords(
          heard: heard[run].joined(separator: " "), corrected: term, heardInAudio: words.heardInAudio,
          context: inside.map(WordAlignment.matchKey) + (words.context ?? []))
      }
    }
  }

  /// Whether the user's `word` is a name or a term: written their way it would be learned (a capital or a digit,
  /// not a common word).
  static func isTerm(_ word: String) -> Bool {
    word.contains { $0.isUppercase || $0.isNumber }
      && LearnableCorrection.judge(WordSubstitution(heard: word.lowercased(), corrected: word)).correction != nil
  }

  /// The run of one to three of `words` whose sound is nearest `term`'s (the longer of equals), if any.
  static func closestRun(to term: String, in words: [String]) -> Range<Int>? {
    let key = Array(PhoneticKey.key(term).utf8)
    var best: (run: Range<Int>, distance: Int)?
    for start in words.indices {
      for end in (start + 1)...min(start + 3, words.count) {
        let run = Array(PhoneticKey.key(words[start..<end].joined()).utf8)
        let distance = EditDistance.between(run, key, limit: max(run.count, key.count))
        let better = best.map { distance < $0.distance || (distance == $0.distance && end - start > $0.run.count) }
        if better ?? true { best = (start..<end, distance) }
      }
    }
    return best?.run
  }
}

/// The personal dictionary of a running session, replaced when a word is learned. Reads are cheap and safe from
/// any thread.
public final class LiveDictionary: @unchecked Sendable {
  private let lock = NSLock()
  private var current: [DictionaryEntry]

  public init(_ entries: [DictionaryEntry]) {
    current = entries
  }

  /// The dictionary now.
  public var entries: [DictionaryEntry] { lock.withLock { current } }

  /// Replaces the dictionary.
  public func replace(with entries: [DictionaryEntry]) {
    lock.withLock { current = entries }
  }
}
