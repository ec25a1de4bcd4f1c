import DictationValues
import Foundation
import SessionChannel

/// What the host tells the app it runs in, as it happens.
public enum HostUpdate: Sendable, Hashable {
  /// The state just published to the keyboard (phase, level, live text…).
  case state(HostState)
  /// A dictation was delivered (recorded in history, or kept to be once it can take it): the keyboard's, offered
  /// to it as a result file, or the app's own (`requestFromApp`), which only the app sees, here.
  case delivered(HistoryEntry)
}

extension DictationHost {
  /// Every state the host publishes and the results of the app's own dictations, from now until the session ends:
  /// the app follows its host here rather than reading `state.json` back.
  public func updates() -> AsyncStream<HostUpdate> {
    let (stream, continuation) = AsyncStream.makeStream(of: HostUpdate.self, bufferingPolicy: .bufferingNewest(64))
    guard !ended else {
      continuation.finish()
      return stream
    }
    let id = publisher.subscribe(continuation)
    continuation.onTermination = { [weak self] _ in
      guard let self else { return }
      Task { await self.unsubscribe(id) }
    }
    return stream
  }

  /// The app's own dictation button: `start` records into `context` exactly as a keyboard dictation does (live text,
  /// spool, length cap, history), `stop` delivers it as `HostUpdate.delivered` (and to the next keyboard when
  /// `target` is the cursor), `cancel` throws it away. A start while the keyboard is dictating is refused (false); so
  /// is a stop or cancel when the app's dictation is not the one running.
  @discardableResult
  public func requestFromApp(
    _ kind: CommandKind, context: FieldContext = FieldContext(), target: AppDictationTarget = .app
  ) -> Bool {
    let before = model
    if kind == .start, model.phase == .standby { publisher.appTarget = target }
    apply(.appRequest(kind, context: context, now: clock.now()))
    return model != before
  }

  /// The app's own dictation, not yet delivered, goes to `target` instead (a Shortcut that stopped waiting hands it
  /// to the cursor). False when none is left to deliver: its text (or its failure) is already on its way to the app.
  public func retargetAppDictation(to target: AppDictationTarget) -> Bool {
    guard let dictation = model.dictation, dictation.commandSeq == 0 else { return false }
    publisher.appTarget = target
    return true
  }

  private func unsubscribe(_ id: Int) {
    publisher.unsubscribe(id)
  }
}

/// Where the text of a dictation the app starts goes, which decides whether a keyboard is offered it.
public enum AppDictationTarget: Sendable, Hashable {
  /// The app shows or keeps the text itself (the home screen's field, a note, onboarding): the keyboard never
  /// types it too (auto-copy puts it on the clipboard).
  case app
  /// Dictated away from any text field (the widget, the Action Button, Control Center, Siri): offered once to the
  /// next keyboard that appears within the pending window, at its cursor, like a result it missed.
  case cursor(DictationOrigin)
  /// Returned to the Shortcut that ran it ("Dictate Text"), which uses it: the keyboard never types it too.
  case shortcut

  /// Who started it, as history records it.
  public var origin: DictationOrigin {
    switch self {
    case .app: .app
    case .cursor(let origin): origin
    case .shortcut: .shortcut
    }
  }

  /// Whether the next keyboard is offered the text.
  public var offersToKeyboard: Bool {
    if case .cursor = self { true } else { false }
  }

  /// The line the keyboard shows beside the text it inserts, so the user sees where it came from.
  var keyboardNotice: String {
    switch origin {
    case .widget: "From Utter's widget"
    default: "Dictated in Utter"
    }
  }
}
