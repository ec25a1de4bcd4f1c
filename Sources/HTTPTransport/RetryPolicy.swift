import Clocks
import Foundation

/// When and how long to wait before sending a request again.
///
/// Retries happen on 408, 429 and 5xx answers (except 501 and 505) and on transport failures, with
/// exponential backoff and jitter, or exactly the server's `Retry-After` (seconds or an HTTP date) when it
/// sends one. A `Retry-After` longer than `maxRetryAfter` is not waited for: the response is returned.
public struct RetryPolicy: Sendable {
  /// How many times a request is sent at most, the first included.
  public var maxAttempts: Int
  /// The wait before the second attempt; it doubles for each further attempt.
  public var baseDelay: Duration
  /// The longest computed backoff.
  public var maxDelay: Duration
  /// The longest server-requested wait that is honoured.
  public var maxRetryAfter: Duration
  /// Whether a request that timed out is sent again (off: someone is usually waiting).
  public var retriesTimeouts: Bool
  /// Waits between attempts and reads the time for `Retry-After` dates (a test clock in tests).
  public var clock: UtterClock
  /// A number in 0...1 for jitter.
  public var random: @Sendable () -> Double

  public init(
    maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(8),
    maxRetryAfter: Duration = .seconds(20), retriesTimeouts: Bool = false, clock: UtterClock = .system,
    random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
  ) {
    self.maxAttempts = max(1, maxAttempts)
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.maxRetryAfter = maxRetryAfter
    self.retriesTimeouts = retriesTimeouts
    self.clock = clock
    self.random = random
  }

  /// Sends every request once.
  public static let never = RetryPolicy(maxAttempts: 1)

  /// Whether an answer with `status` is worth another attempt.
  public static func isRetryable(status: Int) -> Bool {
    status == 408 || status == 429 || ((500...599).contains(status) && status != 501 && status != 505)
  }

  /// The wait before attempt `attempt + 1` after attempt `attempt` (1-based) got `response`, or nil when no
  /// further attempt should be made.
  public func delay(afterAttempt attempt: Int, response: HTTPResponse) -> Duration? {
    guard attempt < maxAttempts, Self.isRetryable(status: response.status) else { return nil }
    if let requested = RetryAfter.parse(response, now: clock.date()) {
      return requested <= maxRetryAfter ? requested : nil
    }
    return backoff(afterAttempt: attempt)
  }

  /// The wait before attempt `attempt + 1` after attempt `attempt` failed with `error`, or nil.
  public func delay(afterAttempt attempt: Int, error: HTTPTransportError) -> Duration? {
    guard attempt < maxAttempts else { return nil }
    guard error.isTransient || (retriesTimeouts && error.kind == .timedOut) else { return nil }
    return backoff(afterAttempt: attempt)
  }

  /// Exponential backoff with "equal jitter": half the step is fixed, half is random.
  func backoff(afterAttempt attempt: Int) -> Duration {
    let exponent = Double(min(attempt - 1, 30))
    let step = min(baseDelay.seconds * pow(2, exponent), maxDelay.seconds)
    let jitter = min(max(random(), 0), 1)
    return .seconds(step / 2 + step / 2 * jitter)
  }
}

/// Reads the wait a server asks for.
public enum RetryAfter {
  /// The wait from `retry-after-ms`, else `Retry-After` as seconds or an HTTP date; nil when absent or
  /// unreadable. Dates in the past give zero.
  public static func parse(_ response: HTTPResponse, now: Date) -> Duration? {
    if let millis = response.header("retry-after-ms").flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }),
      millis.isFinite, millis >= 0
    {
      return .milliseconds(millis)
    }
    guard let value = response.header("retry-after")?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
      return nil
    }
    if let seconds = Double(value) { return seconds.isFinite && seconds >= 0 ? .seconds(seconds) : nil }
    guard let date = httpDate(value) else { return nil }
    return .seconds(max(0, date.timeIntervalSince(now)))
  }

  /// Parses an HTTP date (IMF-fixdate, RFC 850 or asctime form).
  public static func httpDate(_ text: String) -> Date? {
    for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }
}

extension Duration {
  /// The duration in seconds, as a floating-point number.
  public var seconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }
}
