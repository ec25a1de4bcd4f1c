import Dictation
import DictationHost
import SessionChannel
import TextPipeline

/// What a flow session learns while it runs: the keyboard's corrections judged and recorded (`WordLearner`), and
/// the pipeline its dictations finish with, reading the dictionary as it is now, so a term learned is written from
/// the session's next dictation.
public struct SessionLearning: Sendable {
  private let pipeline: DictationPipeline
  private let learner: WordLearner

  /// Learning for `pipeline`'s session, into its history's store.
  public init(_ pipeline: DictationPipeline) {
    self.pipeline = pipeline
    learner = WordLearner(
      database: pipeline.archive?.database, dictionary: LiveDictionary(pipeline.settings.dictionary))
  }

  /// The pipeline with the session's dictionary, terms learned during the session included.
  public var current: DictationPipeline {
    var current = pipeline
    current.formatter.settings.dictionary = learner.dictionary.entries
    return current
  }

  /// Learns from the keyboard's corrections, with one line for the log; the engine's vocabulary comes back when a
  /// term was learned.
  public func learn(_ corrections: [CorrectedWords]) -> CorrectionResult {
    let report = learner.learn(corrections)
    var parts: [String] = []
    if !report.learned.isEmpty {
      parts.append("learned " + report.learned.map { "'\($0.term)'" }.joined(separator: ", "))
    }
    let suggested = report.recorded.filter { correction in
      !report.learned.contains { $0.term == correction.corrected }
    }
    if !suggested.isEmpty {
      parts.append(
        "suggested " + suggested.map { "'\($0.heard)' → '\($0.corrected)' (\($0.evidence))" }.joined(separator: ", "))
    }
    if !report.rejected.isEmpty { parts.append("not learned: " + report.rejected.joined(separator: "; ")) }
    if let notice = report.notice { parts.append(notice) }
    return CorrectionResult(
      vocabulary: report.learned.isEmpty ? nil : Vocabulary.prompt(for: learner.dictionary.entries),
      learnedForms: report.learnedForms,
      summary: parts.isEmpty ? "nothing to learn" : parts.joined(separator: "; "))
  }
}
