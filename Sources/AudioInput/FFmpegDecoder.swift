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
///
/// ffmpeg is told the container found in the file's bytes (`-f`), may open only audio demuxers
/// (`-format_whitelist`) and only local files (`-protocol_whitelist file`): a playlist, a concat list or a nested
/// URL inside an upload is never followed. Its output (16-bit samples) is counted as it arrives and ffmpeg is stopped
/// as soon as there is more audio than `limits` take.
enum FFmpegDecoder {
  static func decode(
    _ url: URL, codec: String, ffmpeg: FFmpegLocator, limits: DecodeLimits, cancellation: DecodeCancellation?
  ) throws(AudioInputError) -> DecodedAudio {
    guard let program = ffmpeg.locate() else {
      throw AudioInputError(file: url, "\(codec) audio needs ffmpeg, which is not installed")
    }
    return try run(program, url: url, codec: codec, ffmpeg: ffmpeg, limits: limits, cancellation: cancellation)
  }

  /// ffmpeg's arguments: the probed demuxer, the allow-lists, and 16 kHz mono floats on standard output.
  static func arguments(path: String, codec: String) -> [String] {
    let demuxer = AudioContainer.demuxer(for: codec)
    // NB: an MP4's data references ("dref") may name other files; ffmpeg ignores them by default, and is told so.
    let movOptions = demuxer == "mov" ? ["-enable_drefs", "0"] : []
    return [
      "-nostdin", "-v", "error", "-protocol_whitelist", "file",
      "-format_whitelist", AudioContainer.allowedDemuxers.joined(separator: ","), "-f", demuxer,
    ] + movOptions + [
      // NB: the "file:" prefix stops ffmpeg from reading a name such as "pipe:1" as a protocol.
      "-i", "file:" + path, "-vn", "-sn", "-dn", "-ac", "1", "-ar", String(DecodedAudio.sampleRate), "-f", "s16le",
      "pipe:1",
    ]
  }

  #if os(macOS) || os(Linux) || os(Windows) || os(FreeBSD)
    private static func run(
      _ program: String, url: URL, codec: String, ffmpeg: FFmpegLocator, limits: DecodeLimits,
      cancellation: DecodeCancellation?
    ) throws(AudioInputError) -> DecodedAudio {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = arguments(path: url.path, codec: codec)
      let output = Pipe()
      let errors = Pipe()
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = output
      process.standardError = errors
      do {
        try process.run()
      } catch {
        throw AudioInputError(file: url, "could not start ffmpeg to decode \(codec) audio", kind: .machine)
      }
      // NB: SIGKILL, because a child can inherit a mask that blocks the SIGTERM of `terminate()`.
      let stopper = ProcessStopper { [process] in
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      }
      cancellation?.attach(stopper)
      defer { cancellation?.attach(nil) }
      // NB: stderr is drained and the time limit watched on threads of their own: a chatty ffmpeg must not fill its
      // stderr pipe and block us both, and the limit must hold while we wait for output.
      let errorText = ErrorCollector()
      let drained = DispatchSemaphore(value: 0)
      Thread {
        while let chunk = try? errors.fileHandleForReading.read(upToCount: 4096), !chunk.isEmpty {
          errorText.append(chunk)
        }
        drained.signal()
      }.start()
      let exited = DispatchSemaphore(value: 0)
      let timedOut = Flag()
      let limit = ffmpeg.timeLimit
      Thread {
        if exited.wait(timeout: .now() + limit) == .timedOut {
          timedOut.set()
          stopper.stop()
        }
      }.start()
      var reader = PCMStreamReader(maxSamples: limits.maxSamples)
      let handle = output.fileHandleForReading
      while let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty {
        if !reader.append(chunk) {
          stopper.stop()
          break
        }
      }
      try? handle.close()
      process.waitUntilExit()
      exited.signal()
      drained.wait()
      if reader.overLimit { throw limits.refusal(url) }
      if cancellation?.isCancelled == true {
        throw AudioInputError(file: url, "decoding was cancelled", kind: .machine)
      }
      if timedOut.isSet || process.terminationReason == .uncaughtSignal {
        throw AudioInputError(file: url, "ffmpeg did not finish decoding the \(codec) audio in time")
      }
      guard process.terminationStatus == 0 else {
        let reason = errorText.lastLine(hiding: url).map { " (\($0))" } ?? ""
        throw AudioInputError(file: url, "ffmpeg could not decode the \(codec) audio\(reason)")
      }
      return DecodedAudio(samples: reader.finish(), sourceSampleRate: DecodedAudio.sampleRate, sourceChannels: 1)
    }
  #else
    // NB: iOS and the other embedded platforms cannot start child processes, so there is no ffmpeg to run.
    private static func run(
      _ program: String, url: URL, codec: String, ffmpeg: FFmpegLocator, limits: DecodeLimits,
      cancellation: DecodeCancellation?
    ) throws(AudioInputError) -> DecodedAudio {
      throw AudioInputError(file: url, "\(codec) audio cannot be decoded on this device", kind: .machine)
    }
  #endif
}

/// Collects ffmpeg's 16-bit little-endian samples as they arrive and refuses more than `maxSamples`. They are kept as
/// 16-bit blocks (half the memory of floats, so audio refused at the limit has cost half as much) and converted once,
/// at the end, into a float array of the exact size while the blocks are freed one by one.
///
/// NB: 16-bit, not ffmpeg's float output: its float downmix of stereo is not normalized (a 0.5 tone in both channels
/// comes out at 0.71), its 16-bit one is, as `utter transcribe` always decoded.
struct PCMStreamReader {
  let maxSamples: Int
  private var blocks: [[Int16]] = []
  private var count = 0
  private var leftover: UInt8?
  private(set) var overLimit = false

  init(maxSamples: Int) {
    self.maxSamples = maxSamples
  }

  /// Takes the next bytes; false once the samples are over the limit (the rest need not be read).
  mutating func append(_ data: Data) -> Bool {
    let available = data.count + (leftover == nil ? 0 : 1)
    let whole = available / 2
    guard count + whole <= maxSamples else {
      overLimit = true
      return false
    }
    var previous = leftover
    var block = [Int16]()
    block.reserveCapacity(whole)
    var low: UInt8?
    for byte in data {
      if let first = previous ?? low {
        block.append(Int16(bitPattern: UInt16(first) | UInt16(byte) << 8))
        previous = nil
        low = nil
      } else {
        low = byte
      }
    }
    leftover = low
    if !block.isEmpty { blocks.append(block) }
    count += block.count
    return true
  }

  /// Every sample, in order, as floats in -1...1 (a dangling odd byte is dropped).
  mutating func finish() -> [Float] {
    var samples = [Float]()
    samples.reserveCapacity(count)
    for index in blocks.indices {
      for value in blocks[index] { samples.append(Float(value) / 32_768) }
      blocks[index] = []
    }
    blocks = []
    return samples
  }
}

/// Stops a decode from another thread: the caller gave up (a client left, a deadline passed).
public final class DecodeCancellation: @unchecked Sendable {
  private let lock = NSLock()
  private var cancelled = false
  private var stopper: ProcessStopper?

  /// A decode that may be cancelled.
  public init() {}

  /// Stops the decode: ffmpeg is killed, and a decode not yet started fails at once.
  public func cancel() {
    let stopper = lock.withLock {
      cancelled = true
      return self.stopper
    }
    stopper?.stop()
  }

  /// Whether `cancel()` was called.
  public var isCancelled: Bool { lock.withLock { cancelled } }

  func attach(_ stopper: ProcessStopper?) {
    let stopNow = lock.withLock {
      self.stopper = stopper
      return cancelled
    }
    if stopNow { stopper?.stop() }
  }
}

/// Stops a child process once, however many threads ask.
final class ProcessStopper: @unchecked Sendable {
  private let action: @Sendable () -> Void
  private let lock = NSLock()
  private var stopped = false

  init(_ action: @escaping @Sendable () -> Void) {
    self.action = action
  }

  func stop() {
    let first = lock.withLock {
      defer { stopped = true }
      return !stopped
    }
    if first { action() }
  }
}

/// A flag set once from any thread.
private final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  func set() { lock.withLock { value = true } }
  var isSet: Bool { lock.withLock { value } }
}

/// Holds the end of ffmpeg's stderr (its last 4 KB: a file of endless broken frames must not fill memory with
/// complaints).
private final class ErrorCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()

  func append(_ chunk: Data) {
    lock.withLock {
      data.append(chunk)
      if data.count > 4096 { data = Data(data.suffix(4096)) }
    }
  }

  /// The last non-empty line, without paths (the file's own is shown by its name) nor ffmpeg's "[demuxer @ 0x…]"
  /// prefix, shortened to fit a one-line message.
  func lastLine(hiding url: URL) -> String? {
    let text = lock.withLock { String(decoding: data, as: UTF8.self) }
    return FFmpegMessage.oneLine(text, file: url)
  }
}

/// ffmpeg's complaint, made safe to show to a client: one line, no path of this machine.
enum FFmpegMessage {
  static func oneLine(_ text: String, file url: URL) -> String? {
    let lines = text.split(whereSeparator: \.isNewline)
    guard var line = lines.last?.trimmingCharacters(in: .whitespaces), !line.isEmpty else { return nil }
    line = line.replacingOccurrences(of: "file:" + url.path, with: url.lastPathComponent)
    line = line.replacingOccurrences(of: url.path, with: url.lastPathComponent)
    if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
      line = String(line[line.index(after: close)...]).trimmingCharacters(in: .whitespaces)
    }
    // NB: any other absolute path (a nested file ffmpeg was asked to open) is hidden too.
    let words = line.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
      let bare = word.drop { "'\"(".contains($0) }
      return bare.hasPrefix("/") || bare.hasPrefix("file:") ? "…" : String(word)
    }
    line = words.joined(separator: " ").filter { !$0.isNewline && $0 != "\u{1B}" }
    guard !line.isEmpty else { return nil }
    return line.count > 120 ? String(line.prefix(117)) + "..." : line
  }
}
