import DictationHost
import Foundation
import PhoneSession
import Testing

@Suite("The session's microphone at the tap")
struct SessionMicrophoneTests {
  /// A microphone that runs or not, and counts its restarts and listeners; a restart runs it when `restarts` says.
  final class Hardware: @unchecked Sendable {
    private let lock = NSLock()
    private var running: Bool
    private let restarts: Bool
    private(set) var restartCount = 0
    private(set) var listened: [Double?] = []

    init(running: Bool, restarts: Bool) { (self.running, self.restarts) = (running, restarts) }

    var isRunning: Bool { lock.withLock { running } }

    var source: SessionMicrophone {
      SessionMicrophone(
        isRunning: { self.isRunning },
        restart: {
          self.lock.withLock {
            self.restartCount += 1
            self.running = self.restarts
          }
        }, permission: { true }
      ) { tap in
        self.lock.withLock { self.listened.append(tap) }
        return AudioCapture(buffers: AsyncThrowingStream { $0.finish() }, stop: {})
      }
    }
  }

  @Test("a running microphone is listened to from the tap, with no restart")
  func running() async throws {
    let hardware = Hardware(running: true, restarts: true)
    _ = try await hardware.source.start(since: 12.5)
    #expect(hardware.restartCount == 0)
    #expect(hardware.listened == [12.5])
  }

  @Test("a microphone a call left stopped is started again first, then listened to")
  func stoppedIsRestarted() async throws {
    let hardware = Hardware(running: false, restarts: true)
    _ = try await hardware.source.start(since: nil)
    #expect(hardware.restartCount == 1)
    #expect(hardware.listened == [nil])
  }

  @Test("a microphone that does not run after the restart fails the dictation with no input, and nobody listens")
  func stillStoppedFails() async {
    let hardware = Hardware(running: false, restarts: false)
    await #expect(throws: MicrophoneStartError.noInput) { _ = try await hardware.source.start(since: nil) }
    #expect(hardware.restartCount == 1)
    #expect(hardware.listened.isEmpty)
  }
}
