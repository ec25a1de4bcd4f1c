import Foundation

/// Everything a stream yields, collected as it comes, so that a test can wait for a value with `eventually`
/// instead of racing the stream against a timer. `stop()` ends the collecting (and the stream's producer).
public final class Collected<Element: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Element] = []
  private var task: Task<Void, Never>?

  public init(_ stream: AsyncStream<Element>) {
    task = Task { [weak self] in
      for await value in stream {
        guard let self else { return }
        self.lock.withLock { self.stored.append(value) }
      }
    }
  }

  deinit { task?.cancel() }

  /// The values yielded so far, in order.
  public var values: [Element] { lock.withLock { stored } }

  /// Stops collecting; the stream is cancelled, which ends its producer.
  public func stop() { task?.cancel() }
}
