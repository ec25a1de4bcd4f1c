import DictationHost
import Foundation
import SessionChannel
import SpeechEngine

/// What a flow session needs from the rest of the app, resolved from the current settings when it opens.
struct DictationServices: Sendable {
  /// Loads the chosen speech engine (already prewarmed when onboarding ran).
  var loadEngine: @Sendable () async throws -> any SpeechEngine
  /// The text pipeline for the field being dictated into.
  var format: TextFormatter
  /// History, as the host's archive (in-app dictations also keep their audio through it).
  var archive: HistoryArchive
  var configuration: HostConfiguration
  /// LLM polish after the text pipeline. NB: the host's formatter is synchronous, so only in-app dictations
  /// and retries use it for now; keyboard dictations get the deterministic pipeline.
  var polish: PolishService
}

/// Wraps an archive to report each recorded dictation (for the Live Activity's word count).
struct ObservedArchive: DictationArchive {
  let base: any DictationArchive
  let onRecord: @Sendable (ArchivedDictation) -> Void

  func record(_ dictation: ArchivedDictation) throws {
    try base.record(dictation)
    onRecord(dictation)
  }

  func markDelivered(id: String) throws {
    try base.markDelivered(id: id)
  }
}
