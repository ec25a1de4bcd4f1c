import ArgumentParser
import Clocks
import DictationHost
import Foundation

/// `utter host --interrupt-at SECONDS:DURATION`: a phone call that begins SECONDS into the first recording and
/// holds the microphone for DURATION, as a call does on iPhone (the app's audio engine is stopped by the system).
struct SimulatedCall: Sendable, Equatable {
  var after: Double
  var duration: Double

  /// Reads `2:3` (or `2.5:0.5`): a start that is not negative and a duration above zero.
  static func parse(_ text: String) throws -> SimulatedCall {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let after = Double(parts[0]), let duration = Double(parts[1]), after >= 0, duration > 0,
      after.isFinite, duration.isFinite
    else {
      throw ValidationError("--interrupt-at wants SECONDS:DURATION, such as 2:3 (not '\(text)')")
    }
    return SimulatedCall(after: after, duration: duration)
  }
}

/// A microphone that a simulated call takes away: the recording under way loses its audio from the call's start,
/// and a capture asked for during the call fails; the host is told the call began and ended, as `FlowSession` tells
/// it on iPhone.
final class CallInterruptedMicrophone: AudioSource, @unchecked Sendable {
  private let base: any AudioSource
  private let call: SimulatedCall
  private let clock: UtterClock
  private let lock = NSLock()
  private var callActive = false
  private var callScheduled = false
  private var current: AsyncThrowingStream<[Float], Error>.Continuation?
  /// Told when the call begins (true) and ends (false).
  var onCall: @Sendable (Bool) -> Void = { _ in }

  init(base: any AudioSource, call: SimulatedCall, clock: UtterClock) {
    self.base = base
    self.call = call
    self.clock = clock
  }

  func requestPermission() async -> Bool { await base.requestPermission() }

  func start(since tap: Double?) async throws -> AudioCapture {
    let (busy, schedule) = lock.withLock { () -> (Bool, Bool) in
      defer { callScheduled = true }
      return (callActive, !callScheduled)
    }
    if busy { throw CLIError("the microphone is in use by a call") }
    let capture = try await base.start(since: tap)
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: [Float].self)
    lock.withLock { current = continuation }
    let forward = Task {
      do {
        for try await buffer in capture.buffers { continuation.yield(buffer) }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in forward.cancel() }
    if schedule { scheduleCall(stopping: capture.stop) }
    return AudioCapture(buffers: stream) {
      capture.stop()
    }
  }

  private func scheduleCall(stopping stop: @escaping @Sendable () -> Void) {
    let (call, clock) = (call, clock)
    Task { [weak self] in
      do { try await clock.sleep(call.after) } catch { return }
      guard let self else { return }
      let cut = lock.withLock { () -> AsyncThrowingStream<[Float], Error>.Continuation? in
        callActive = true
        defer { current = nil }
        return current
      }
      // NB: the system stops the app's audio engine: nothing more is heard from the call's start.
      stop()
      cut?.finish()
      onCall(true)
      do { try await clock.sleep(call.duration) } catch { return }
      lock.withLock { callActive = false }
      onCall(false)
    }
  }
}
