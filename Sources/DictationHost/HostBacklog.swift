import DictationValues
import SessionChannel

/// A delivered dictation waiting for history to take it.
package struct UnrecordedDictation: Sendable {
  package let entry: HistoryEntry
  package let audio: [Float]

  package init(entry: HistoryEntry, audio: [Float]) {
    self.entry = entry
    self.audio = audio
  }
}

/// What the host still owes history: delivered dictations it could not record yet (a full disk), tried again at most
/// every `retryInterval` seconds, and audio a crash left in the spool, read once the engine is loaded.
package struct HostBacklog {
  /// Seconds between two tries at recording what history could not take.
  package static let retryInterval = 5.0

  /// Oldest first.
  package private(set) var unrecorded: [UnrecordedDictation] = []
  private var lastTry = -Double.infinity
  /// Audio a crash left in the spool, found before this session recorded anything.
  package private(set) var leftovers: [SpoolSidecar] = []
  /// Whether that audio is being read now (the keyboard is told: `HostPrecondition.recovering`).
  package private(set) var recovering = false
  /// Dictations read from the spool into history, in order.
  package private(set) var recovered: [HistoryEntry] = []

  package init(leftovers: [SpoolSidecar] = []) {
    self.leftovers = leftovers
  }

  /// History could not take `dictation`: it waits for the next try.
  package mutating func keep(_ dictation: UnrecordedDictation) {
    unrecorded.append(dictation)
  }

  /// Starts a try at `now`, true when one is due: something waits, and `retryInterval` passed since the last try
  /// (or `atOnce`, the session's last chance).
  package mutating func startTry(now: Double, atOnce: Bool = false) -> Bool {
    guard !unrecorded.isEmpty, atOnce || now - lastTry >= Self.retryInterval else { return false }
    lastTry = now
    return true
  }

  /// History took the oldest waiting dictation.
  package mutating func recordedOldest() {
    if !unrecorded.isEmpty { unrecorded.removeFirst() }
  }

  /// The spool's leftovers, to be read now; none is read twice.
  package mutating func startRecovery() -> [SpoolSidecar] {
    defer { leftovers = [] }
    recovering = !leftovers.isEmpty
    return leftovers
  }

  /// The leftovers were read; `entries` are those history took.
  package mutating func recoveryEnded(recovered entries: [HistoryEntry]) {
    recovering = false
    recovered += entries
  }
}
