import DictationHost

/// Wraps an archive to report each recorded dictation (for the Live Activity's word count).
struct ObservedArchive: DictationArchive {
  let base: any DictationArchive
  let onRecord: @Sendable (ArchivedDictation) -> Void

  func record(_ dictation: ArchivedDictation, audio: [Float]) throws {
    try base.record(dictation, audio: audio)
    onRecord(dictation)
  }

  func markDelivered(id: String) throws {
    try base.markDelivered(id: id)
  }

  func contains(id: String) -> Bool {
    base.contains(id: id)
  }
}
