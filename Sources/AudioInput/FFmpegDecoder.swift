import Foundation

/// Finds the `ffmpeg` program and bounds its run time; injectable so tests can pretend it is missing or stuck.
public struct FFmpegLocator: Sendable {
  /// Returns the full path of ffmpeg, or nil when it is not installed.
  public var locate: @Sendable () -> String?
  /// ffmpeg is stopped after this many seconds, so a pathological file cannot hang the caller.
  public var timeLimit: Double

  /// Wraps a lookup function.
  public init(timeLimit: Double = 600, locate: @escaping @Sendable () -> String?) {
    self.locate = locate
    self.timeLimit = timeLimit
  }

  /// Looks for `ffmpeg` in the directories of `$PATH`.
  public static let onPath = FFmpegLocator {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/ffmpeg"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// A lookup that never finds ffmpeg.
  public static let missing = FFmpegLocator { nil }
}

/// Decodes any container ffmpeg understands to 16 kHz mono by running it as a child process.
enum FFmpegDecoder {
  static func decode(_ url: URL, codec: String, ffmpeg: FFmpegLocator) throws(AudioInputError) -> DecodedAudio {
    guard let program = ffmpeg.locate() else {
      throw AudioInputError(file: url, "\(codec) audio needs ffmpeg, which is not installed")
    }
    return try run(program, url: url, codec: codec, timeLimit: ffmpeg.timeLimit)
  }

  #if os(macOS) || os(Linux) || os(Windows) || os(FreeBSD)
    private static func run(_ program: String, url: URL, codec: String, timeLimit limit: Double) throws(AudioInputError)
      -> DecodedAudio
    {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: program)
      // NB: the "file:" prefix stops ffmpeg from reading a name such as "pipe:1" as a protocol.
      process.arguments = [
        "-nostdin", "-v", "error", "-i", "file:" + url.path, "-f", "s16le", "-ac", "1", "-ar", "16000", "-",
      ]
      let output = Pipe()
      let errors = Pipe()
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = output
      process.standardError = errors
      do {
        try process.run()
      } catch {
        throw AudioInputError(file: url, "could not start ffmpeg to decode \(codec) audio")
      }
      // NB: stderr is drained and the time limit watched on threads of their own: blocking reads could starve the
      // small Dispatch pool, and a chatty ffmpeg must not fill its stderr pipe and block us both.
      let errorText = ErrorCollector()
      let drained = DispatchSemaphore(value: 0)
      Thread {
        errorText.store(errors.fileHandleForReading.readDataToEndOfFile())
        drained.signal()
      }.start()
      let exited = DispatchSemaphore(value: 0)
      Thread { [process] in
        // NB: SIGKILL, because a child can inherit a mask that blocks the SIGTERM of `terminate()`.
        if exited.wait(timeout: .now() + limit) == .timedOut, process.isRunning {
          kill(process.processIdentifier, SIGKILL)
        }
      }.start()
      let pcm = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      exited.signal()
      drained.wait()
      if process.terminationReason == .uncaughtSignal {
        throw AudioInputError(file: url, "ffmpeg did not finish decoding the \(codec) audio in time")
      }
      guard process.terminationStatus == 0 else {
        let reason = errorText.lastLine.map { " (\($0))" } ?? ""
        throw AudioInputError(file: url, "ffmpeg could not decode the \(codec) audio\(reason)")
      }
      return AudioFileDecoder.decodeRawPCM(pcm)
    }
  #else
    // NB: iOS and the other embedded platforms cannot start child processes, so there is no ffmpeg to run.
    private static func run(_ program: String, url: URL, codec: String, timeLimit limit: Double) throws(AudioInputError)
      -> DecodedAudio
    {
      throw AudioInputError(file: url, "\(codec) audio cannot be decoded on this device")
    }
  #endif
}

/// Holds ffmpeg's stderr once the reader thread has it.
private final class ErrorCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()

  func store(_ newData: Data) {
    lock.lock()
    data = newData
    lock.unlock()
  }

  /// The last non-empty line, shortened to fit a one-line message.
  var lastLine: String? {
    lock.lock()
    defer { lock.unlock() }
    let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
    guard let line = lines.last?.trimmingCharacters(in: .whitespaces), !line.isEmpty else { return nil }
    return line.count > 120 ? String(line.prefix(117)) + "..." : line
  }
}
