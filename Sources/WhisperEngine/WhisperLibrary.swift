import CWhisper
import Foundation

/// whisper.cpp, opened at run time. Only version 1.8.5 is accepted: Utter's declarations of its structs
/// (CWhisper.h) match that version's layout and no other.
final class WhisperLibrary: @unchecked Sendable {
  static let requiredVersion = "1.8.5"

  let api: uw_api

  private init(api: uw_api) { self.api = api }

  private static let cacheLock = NSLock()
  nonisolated(unsafe) private static var opened: [String: WhisperLibrary] = [:]

  /// Opens the library at `path` once per process; later calls return the same instance.
  static func open(at path: String) throws -> WhisperLibrary {
    cacheLock.lock()
    defer { cacheLock.unlock() }
    if let library = opened[path] { return library }
    // NB: OpenMP threads that spin while waiting collapse under CPU contention (measured 7x slower on a busy
    // 2-core machine); passive waiting costs nothing when the machine is idle.
    setenv("OMP_WAIT_POLICY", "PASSIVE", 0)
    // NB: ...but a thread that sleeps at once is woken for every one of the decoder's many small steps. A short spin
    // (300 turns) before sleeping read 8 sentences with a p50 of 0.25 s instead of 0.30 s on an idle 2-core machine,
    // and 0.48 s instead of 0.46 s with one core kept busy (3,000 turns: 0.65 s there).
    setenv("GOMP_SPINCOUNT", "300", 0)
    // NB: when ggml aborts it runs gdb on this process for a backtrace, which prints hundreds of lines (some on
    // standard output) and can hang; an abort must end the process at once and say only why.
    setenv("GGML_NO_BACKTRACE", "1", 1)
    var api = uw_api()
    var detail = [CChar](repeating: 0, count: 512)
    if let failure = uw_load(path, &api, &detail, detail.count) {
      let reason = String(cString: failure)
      let what = detail.withUnsafeBufferPointer { $0.baseAddress.map { String(cString: $0) } ?? "" }
      throw SpeechEngineLoadError("\(reason): \(what)")
    }
    guard let versionFunction = api.version, let versionPointer = versionFunction() else {
      throw SpeechEngineLoadError("the whisper library at \(path) does not report its version")
    }
    let version = String(cString: versionPointer)
    guard version == requiredVersion else {
      throw SpeechEngineLoadError(
        "the whisper library at \(path) is version \(version); Utter needs exactly \(requiredVersion)")
    }
    api.log_set?(uw_silent_log, nil)
    let library = WhisperLibrary(api: api)
    opened[path] = library
    return library
  }
}

/// Why the embedded engine could not start.
public struct SpeechEngineLoadError: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
