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
    let id = UUID()
    subscribers[id] = continuation
    continuation.onTermination = { [weak self] _ in
      guard let self else { return }
      Task { await self.unsubscribe(id) }
    }
    return stream
  }

  /// The app's own dictation button: `start` records into `context` exactly as a keyboard dictation does (live text,
  /// spool, length cap, history), `stop` delivers it as `HostUpdate.delivered`, `cancel` throws it away. A start
  /// while the keyboard is dictating is refused (false); so is a stop or cancel when the app's dictation is not
  /// the one running.
  @discardableResult
  public func requestFromApp(_ kind: CommandKind, context: FieldContext = FieldContext()) -> Bool {
    let before = model
    apply(.appRequest(kind, context: context, now: clock.now()))
    return model != before
  }

  func broadcast(_ update: HostUpdate) {
    for subscriber in subscribers.values { subscriber.yield(update) }
  }

  private func unsubscribe(_ id: UUID) {
    subscribers[id] = nil
  }
}
