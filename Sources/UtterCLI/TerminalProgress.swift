import Foundation

/// A progress line on standard error, redrawn in place, shown only when standard error is a terminal, so that
/// logs, pipes and tests never see it.
struct TerminalProgress: Sendable {
  let isShown: Bool

  /// A progress line for this process's standard error.
  init() {
    isShown = isatty(STDERR_FILENO) == 1
  }

  /// Replaces the progress line with `text`.
  func show(_ text: String) {
    guard isShown else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
  }

  /// Removes the progress line.
  func clear() {
    guard isShown else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}
