import AudioInput
import Foundation

/// Decodes uploaded audio for the server: off the request handlers (on a thread of its own, so a slow decode never
/// holds a thread of the pool that answers `/health`), a bounded number at once, never past the longest audio the
/// server takes, and with its scratch files in one owner-only folder that nothing else shares.
struct UploadDecoding: Sendable {
  /// The folder holding every upload while ffmpeg reads it (one per server process, mode 0700).
  let folder: URL
  let limits: DecodeLimits
  let slots: DecodeSlots
  let ffmpeg: FFmpegLocator

  init(configuration: ServerConfiguration, ffmpeg: FFmpegLocator = .onPath) {
    folder = UploadFolder.folder(root: configuration.uploadFolder, process: getpid())
    limits = DecodeLimits(maxDuration: configuration.maxAudioSeconds)
    slots = DecodeSlots(capacity: configuration.decodesAtOnce)
    self.ffmpeg = ffmpeg
  }

  /// Makes the folder (removing what a previous server left in it, and the folders of servers no longer running).
  func prepare() throws {
    try UploadFolder.prepare(folder)
  }

  /// The uploaded audio as 16 kHz mono; anything that is not audio, or lasts too long, is a 400 or 413 saying so.
  func decode(_ file: MultipartForm.Part) async throws -> [Float] {
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789")
    let suffix = (file.fileName.map { URL(fileURLWithPath: $0).pathExtension.lowercased() } ?? "")
      .filter { allowed.contains($0) }.prefix(8)
    let name = suffix.isEmpty ? "upload" : "upload.\(suffix)"
    let scratch = folder.appendingPathComponent("\(UUID().uuidString).\(suffix.isEmpty ? "bin" : String(suffix))")
    let data = Data(file.body)
    let audio: DecodedAudio
    do {
      audio = try await slots.withSlot { [limits, ffmpeg] in
        try await Self.offThePool { cancellation in
          try AudioFileDecoder.decode(
            data, name: name, scratchFile: scratch, ffmpeg: ffmpeg, limits: limits, cancellation: cancellation)
        }
      }
    } catch let error as AudioInputError {
      throw Self.apiError(error)
    }
    guard !audio.samples.isEmpty else {
      throw APIError.badRequest("The audio file holds no samples.", param: "file")
    }
    return audio.samples
  }

  /// The answer for a decode that failed: never a path of this machine, only what is wrong with the audio.
  static func apiError(_ error: AudioInputError) -> APIError {
    switch error.kind {
    case .tooLong:
      APIError(status: 413, message: "The audio is too long: \(error.problem).", code: "audio_too_long", param: "file")
    case .notAudio:
      APIError.badRequest("The file is not audio: \(error.problem).", param: "file", code: "invalid_file_format")
    case .unreadable:
      APIError.badRequest(
        "The file is not audio this server can read (\(error.problem)).", param: "file", code: "invalid_file_format")
    case .machine:
      APIError(status: 500, message: "The audio could not be decoded: \(error.problem).", type: "server_error")
    }
  }

  /// Runs a blocking decode on a thread of its own; cancelling the task stops it (ffmpeg is killed).
  static func offThePool<T: Sendable>(
    _ body: @escaping @Sendable (DecodeCancellation) throws -> T
  ) async throws -> T {
    let cancellation = DecodeCancellation()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body(cancellation) }) }
        thread.name = "utter-decode"
        thread.start()
      }
    } onCancel: {
      cancellation.cancel()
    }
  }
}

/// At most `capacity` decodes at once; the others wait their turn, in order.
actor DecodeSlots {
  private let capacity: Int
  private var running = 0
  private var waiters: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
  private var nextID = 0

  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// Runs `body` once a slot is free (a cancelled wait throws `CancellationError`).
  func withSlot<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
    guard await acquire() else { throw CancellationError() }
    defer { release() }
    return try await body()
  }

  private func acquire() async -> Bool {
    if running < capacity, waiters.isEmpty {
      running += 1
      return true
    }
    nextID += 1
    let id = nextID
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if Task.isCancelled { return continuation.resume(returning: false) }
        waiters.append((id, continuation))
      }
    } onCancel: {
      Task { await self.cancel(id) }
    }
  }

  private func cancel(_ id: Int) {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
    waiters.remove(at: index).continuation.resume(returning: false)
  }

  private func release() {
    if waiters.isEmpty {
      running -= 1
    } else {
      // NB: the slot passes straight to the next decode; `running` stays the same.
      waiters.removeFirst().continuation.resume(returning: true)
    }
  }
}

/// The owner-only folder for uploads being decoded: `<root>/utter-serve-<uid>/<pid>`, so two servers of one user
/// never clean each other's files, and what a killed server left is removed by the next one to start.
enum UploadFolder {
  /// The folder of process `process` under `root` (default: the system's temporary folder).
  static func folder(root: URL?, process: Int32) -> URL {
    let root = root ?? FileManager.default.temporaryDirectory
    return root.appendingPathComponent("utter-serve-\(getuid())", isDirectory: true)
      .appendingPathComponent(String(process), isDirectory: true)
  }

  /// Makes `folder` and its parent mode 0700, owned by this user (a parent someone else made, or a link, is refused),
  /// empties `folder`, and removes the folders of servers that are gone.
  static func prepare(_ folder: URL) throws {
    let manager = FileManager.default
    let parent = folder.deletingLastPathComponent()
    for directory in [parent, folder] {
      try? manager.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      var status = stat()
      guard lstat(directory.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() else {
        throw UploadFolderError("\(directory.path) is not a folder of this user; remove it or set another TMPDIR")
      }
      guard chmod(directory.path, 0o700) == 0 else {
        throw UploadFolderError("cannot make \(directory.path) private (mode 0700)")
      }
    }
    for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] {
      try? manager.removeItem(at: folder.appendingPathComponent(name))
    }
    for name in (try? manager.contentsOfDirectory(atPath: parent.path)) ?? [] {
      let pid = Int32(name) ?? 0
      let own = parent.appendingPathComponent(name).path == folder.path
      // NB: kill(pid, 0) asks whether a process exists without signalling it (EPERM: it exists, another user's).
      if !own, pid <= 0 || (kill(pid, 0) != 0 && errno == ESRCH) {
        try? manager.removeItem(at: parent.appendingPathComponent(name))
      }
    }
  }
}

/// The upload folder cannot be made safe.
struct UploadFolderError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
