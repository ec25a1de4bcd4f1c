import Foundation
import KeyboardModel
import PhoneRules

/// The keyboard's auto-copy as `utter keyboard` plays it: each dictation it inserts goes to a pasteboard as strict as
/// iOS's (`GeneralPasteboard`), and the line to print says what was copied or why not.
final class KeyboardClipboard: @unchecked Sendable {
  private let lock = NSLock()
  private var pasteboard = GeneralPasteboard.Simulated()
  private var previous = KeyboardPhase.inactive
  private let writer: GeneralPasteboard.Writer

  init(hasFullAccess: Bool) { writer = .keyboard(hasFullAccess: hasFullAccess) }

  /// The keyboard shows `phase`: the line for a dictation just inserted (copied, or why not), else nil.
  func phaseChanged(to phase: KeyboardPhase) -> String? {
    lock.withLock {
      defer { previous = phase }
      guard let inserted = phase.newlyInserted(after: previous) else { return nil }
      do {
        try pasteboard.write(inserted.formattedText, by: writer)
        return "keyboard: copied: \(inserted.formattedText)"
      } catch {
        return "keyboard: not copied: \(error)"
      }
    }
  }
}
