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
    for words in corrections {
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
