import Dictation
import DictationHost
import DictationValues
import Foundation
import SessionChannel
import Storage
import TextPipeline
import WordMatching

/// What a flow session learns while it runs: the keyboard's corrections judged and recorded (`WordLearner`), and
/// the pipeline its dictations finish with, reading the settings and the dictionary as they are now, so a term
/// learned, or a setting changed while the session runs, applies from the session's next dictation.
public struct SessionLearning: Sendable {
  private let pipeline: SessionPipeline
  private let learner: WordLearner
  private let keyboard: SharedFolder?

  /// Learning for `pipeline`'s session, into its history's store. The keyboard's settings and the dictionary's terms
  /// (its suggestions) are shared into `keyboard` now and again whenever they change: a term learned, or a change
  /// read at a dictation's start.
  public init(_ pipeline: DictationPipeline, keyboard: SharedFolder? = nil) {
    self.pipeline = SessionPipeline(pipeline)
    learner = WordLearner(
      database: pipeline.archive?.database, dictionary: LiveDictionary(pipeline.settings.dictionary))
    self.keyboard = keyboard
    shareWithKeyboard()
  }

  /// Writes what the keyboard reads from the store (`KeyboardSettings.share`); a line when that failed.
  @discardableResult
  func shareWithKeyboard() -> String? {
    guard let keyboard, let database = pipeline.value.archive?.database else { return nil }
    do { try KeyboardSettings.share(from: database, in: keyboard) } catch {
      return "the keyboard's suggestions are not updated: \(UserMessage.of(error))"
    }
    return nil
  }

  /// The pipeline with the session's settings and dictionary, terms learned during the session included.
  public var current: DictationPipeline {
    var current = pipeline.value
    current.formatter.settings.dictionary = learner.dictionary.entries
    return current
  }

  /// Reads the store's settings again (at a dictation's start): what changed since the last read (setting keys,
  /// `dictionary`, `snippets`, `styles`), or nil when nothing did or there is no store.
  public func refresh() -> [String]? {
    let before = pipeline.value
    guard let database = before.archive?.database else { return nil }
    // NB: a store that cannot be read now keeps the settings the session has, never the defaults.
    guard let now = try? DictationSettings.read(from: database) else { return nil }
    let changes = Self.changes(from: before.settings, to: now)
    guard !changes.isEmpty else { return nil }
    pipeline.update { pipeline in
      pipeline.settings = now
    }
    learner.dictionary.replace(with: now.dictionary)
    shareWithKeyboard()
    return changes
  }

  static func changes(from old: DictationSettings, to new: DictationSettings) -> [String] {
    var changes = UtterSettings.descriptors.map(\.key).filter { key in
      (try? old.settings.value(forKey: key)) != (try? new.settings.value(forKey: key))
    }
    if old.dictionary != new.dictionary { changes.append("dictionary") }
    if old.snippets != new.snippets { changes.append("snippets") }
    if old.styles != new.styles { changes.append("styles") }
    if old.learnedForms != new.learnedForms { changes.append("learned forms") }
    return changes
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
    if !report.learned.isEmpty, let problem = shareWithKeyboard() { parts.append(problem) }
    return CorrectionResult(
      vocabulary: report.learned.isEmpty ? nil : Vocabulary.prompt(for: learner.dictionary.entries),
      learnedForms: report.learnedForms,
      summary: parts.isEmpty ? "nothing to learn" : parts.joined(separator: "; "))
  }
}

/// The pipeline a session runs, replaced as the settings change.
final class SessionPipeline: @unchecked Sendable {
  private let lock = NSLock()
  private var pipeline: DictationPipeline

  init(_ pipeline: DictationPipeline) {
    self.pipeline = pipeline
  }

  var value: DictationPipeline { lock.withLock { pipeline } }

  func update(_ change: (inout DictationPipeline) -> Void) {
    lock.withLock { change(&pipeline) }
  }
}
