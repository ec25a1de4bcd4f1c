import Foundation
import ModelInstallation
import TestSupport
import Testing

/// iOS's side of Apple's transcriber, played by the test: its answers change as the test says, and a download reports
/// progress and finishes (or fails) when the test lets it.
final class FakeSpeechSystem: @unchecked Sendable {
  private let lock = NSLock()
  private var answer: AppleSpeechStatus = .needsDownload
  private var downloads: [CheckedContinuation<Result<Void, any Error>, Never>] = []
  private var progress: (@Sendable (Double) -> Void)?

  var system: AppleSpeechAvailability.System {
    AppleSpeechAvailability.System(
      status: { _ in self.lock.withLock { self.answer } },
      install: { _, progress in
        let outcome = await withCheckedContinuation { done in
          self.lock.withLock {
            self.progress = progress
            self.downloads.append(done)
          }
        }
        try outcome.get()
      })
  }

  var downloading: Bool { lock.withLock { !downloads.isEmpty } }
  func report(_ fraction: Double) { lock.withLock { progress }?(fraction) }

  func finish(_ outcome: Result<Void, any Error>, answer: AppleSpeechStatus) {
    let waiting = lock.withLock {
      self.answer = answer
      defer { downloads = [] }
      return downloads
    }
    waiting.forEach { $0.resume(returning: outcome) }
  }
}

@Suite("Apple's transcriber as onboarding and Settings show it")
struct AppleSpeechAvailabilityTests {
  @Test("a download shows its progress, survives a refresh, and is ready only once iOS says installed")
  func downloadFollowed() async throws {
    let fake = FakeSpeechSystem()
    let availability = await MainActor.run { AppleSpeechAvailability(system: fake.system) }
    await availability.refresh(language: "en")
    #expect(await availability.status == .needsDownload)
    #expect(await availability.status.detail == "iOS downloads its speech model first; nothing is stored in Utter")

    let install = Task { try await availability.install(language: "en") }
    #expect(await eventually { fake.downloading })
    #expect(await availability.status.progress == 0)
    fake.report(0.4)
    #expect(await eventually { await availability.status.progress == 0.4 })
    await availability.refresh(language: "en")
    #expect(await availability.status.progress == 0.4, "a refresh during the download does not hide it")

    fake.finish(.success(()), answer: .installed)
    try await install.value
    #expect(await availability.status == .installed)
  }

  @Test("a failed download says why in one line and offers to try again")
  func downloadFails() async {
    let fake = FakeSpeechSystem()
    let availability = await MainActor.run { AppleSpeechAvailability(system: fake.system) }
    await availability.refresh(language: nil)
    let install = Task { try await availability.install(language: nil) }
    #expect(await eventually { fake.downloading })
    fake.finish(.failure(ModelStoreError("The network connection was lost")), answer: .needsDownload)
    await #expect(throws: ModelStoreError.self) { try await install.value }
    #expect(await availability.status.detail == "Download failed: The network connection was lost. Tap to try again.")
  }

  @Test("before iOS 26 it is never offered, and installing says what it needs")
  func olderSystem() async {
    let availability = await MainActor.run { AppleSpeechAvailability(system: nil) }
    await availability.refresh(language: "en")
    #expect(await availability.status == .needsNewerSystem)
    #expect(await !availability.status.isOffered)
    await #expect(throws: ModelStoreError("Apple's on-device transcriber needs iOS 26")) {
      try await availability.install(language: "en")
    }
  }
}
