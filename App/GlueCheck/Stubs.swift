// Stand-ins for the Apple-only types (os, AVFoundation, ActivityKit, WhisperKit, UIKit) that the files in
// files.txt touch, with the same shapes as the real ones in App/. Used only by
// `scripts/check-app-parses.sh --typecheck` on Linux; never part of an Xcode target.
import DictationHost
import Foundation
import KeyStore
import KeyboardModel
import Observation
import SpeechEngine
import Storage

struct LogMessage: ExpressibleByStringInterpolation {
  enum Privacy { case `public`, `private` }
  struct StringInterpolation: StringInterpolationProtocol {
    init(literalCapacity: Int, interpolationCount: Int) {}
    mutating func appendLiteral(_ literal: String) {}
    mutating func appendInterpolation<T>(_ value: T, privacy: Privacy = .private) {}
  }
  init(stringLiteral value: String) {}
  init(stringInterpolation: StringInterpolation) {}
}
struct Logger {
  init(subsystem: String, category: String) {}
  func notice(_ s: LogMessage) {}
  func error(_ s: LogMessage) {}
}

final class DarwinObservation: @unchecked Sendable { func cancel() {} }
final class DarwinNotificationCenter: @unchecked Sendable {
  static let shared = DarwinNotificationCenter()
  func post(_ name: String) {}
  func observe(_ name: String, handler: @escaping @Sendable () -> Void) -> DarwinObservation { DarwinObservation() }
}

struct WhisperKitEngine: SpeechEngine {
  let id = "whisper"
  let model: String
  func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    .empty(engine: id, model: model)
  }
}

@MainActor final class WhisperModelLibrary {
  func folder(for id: String) -> URL? { nil }
  func prepare(_ id: String, folder: URL) async throws -> WhisperKitEngine { WhisperKitEngine(model: id) }
}

struct DictationFeedback {
  init(haptics: Bool = true, sounds: Bool = true) {}
  func started() {}
  func stopped() {}
  func delivered() {}
  func failed() {}
}

@MainActor final class AudioSessionController {
  enum Event: Equatable { case interrupted, interruptionEnded(shouldResume: Bool), routeChanged, mediaServicesReset }
  var onEvent: ((Event) -> Void)?
  private(set) var isActive = false
  enum Permission { case undetermined, granted, denied }
  var recordPermission: Permission { .granted }
  func requestRecordPermission() async -> Bool { true }
  func activate() throws {}
  func setRecording(_ recording: Bool) {}
  func deactivate() {}
}
final class MicrophoneCapture: @unchecked Sendable {
  var onSamples: (@Sendable (_ interleaved: [Float], _ sampleRate: Double, _ channels: Int) -> Void)?
  var onEngineStopped: (@Sendable () -> Void)?
  var isRunning: Bool { true }
  func start() throws {}
  func stop() {}
  func rebuild() {}
}
enum AVAudioApplication { static func requestRecordPermission() async -> Bool { true } }
struct DictationActivityAttributes { enum Phase { case ready, listening, transcribing } }
@MainActor final class SessionActivityController {
  func start(endsAt: Date) {}
  func update(phase: DictationActivityAttributes.Phase, wordsThisSession: Int, endsAt: Date) {}
  func end() {}
  func endLeftovers() {}
}
enum AppGroup { static var channelDirectory: URL? { nil } }

@MainActor final class AppModel {
  var settings = UtterSettings()
  let models = WhisperModelLibrary()
  let keys: any SecretStore = InMemorySecretStore()
  let engines = EngineLoader()
  let database: AppDatabase? = nil
}

struct ProxyDocument: TextFieldProxy, @unchecked Sendable {
  var textBeforeCursor: String { "" }
  mutating func insert(_ text: String) {}
  mutating func deleteBackward(count: Int) {}
}

enum MicrophoneError: Error, CustomStringConvertible {
  case noInput, permissionDenied
  var description: String { "" }
}
