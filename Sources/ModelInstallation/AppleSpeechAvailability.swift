#if canImport(Observation)
  import DictationValues
  import Observation

  /// Apple's transcriber on this iPhone as the screens show it: what iOS reports, refreshed on demand and followed
  /// through a download, so onboarding and Settings show the same download.
  @MainActor
  @Observable
  public final class AppleSpeechAvailability {
    /// What iOS answers for a language (ISO 639-1, nil for the device's): where the transcriber stands, and the
    /// download of its model, reporting 0...1.
    public struct System: Sendable {
      public var status: @Sendable (_ language: String?) async -> AppleSpeechStatus
      public var install:
        @Sendable (_ language: String?, _ progress: @escaping @Sendable (Double) -> Void) async throws
          -> Void

      public init(
        status: @escaping @Sendable (String?) async -> AppleSpeechStatus,
        install: @escaping @Sendable (String?, @escaping @Sendable (Double) -> Void) async throws -> Void
      ) {
        (self.status, self.install) = (status, install)
      }
    }

    public private(set) var status: AppleSpeechStatus = .needsNewerSystem
    @ObservationIgnored private let system: System?

    /// Follows `system`; nil where the system has no SpeechAnalyzer (before iOS 26).
    public init(system: System?) { self.system = system }

    /// Asks iOS again where the transcriber stands for `language`; a download under way keeps showing its progress.
    public func refresh(language: String?) async {
      guard let system else {
        status = .needsNewerSystem
        return
      }
      if case .downloading = status { return }
      status = await system.status(language)
    }

    /// Downloads the system's speech model for `language` if it is missing; done only once iOS says it is installed.
    public func install(language: String?) async throws {
      guard let system else { throw ModelStoreError("Apple's on-device transcriber needs iOS 26") }
      status = status.downloaded(0)
      do {
        try await system.install(language) { fraction in
          Task { @MainActor in
            if case .downloading = self.status { self.status = self.status.downloaded(fraction) }
          }
        }
      } catch {
        status = .downloadFailed(UserMessage.of(error))
        throw error
      }
      status = await system.status(language)
    }
  }
#endif
