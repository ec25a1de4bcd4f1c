import Foundation

/// What a background download reported, in the model store's terms.
public enum ModelDownloadReport: Sendable, Hashable {
  case received(model: String, path: String, bytes: Int64)
  /// The file is already moved into the model's folder.
  case fileFinished(model: String, path: String)
  case failed(model: String, path: String, DownloadFailure, resumeData: Bool)
}

/// The decisions about a model's download tasks that do not need `URLSession`: how a task is named, which files to
/// start and from what, and what an error means.
public enum ModelDownloadTasks {
  /// A task's description: the model and the file it downloads.
  public static func description(model: String, path: String) -> String { "\(model)\n\(path)" }

  /// The model and file a task's description names; nil for a task that is not ours.
  public static func names(_ description: String?) -> (model: String, path: String)? {
    let parts = description?.split(separator: "\n", maxSplits: 1).map(String.init) ?? []
    return parts.count == 2 ? (parts[0], parts[1]) : nil
  }

  /// `model`'s tasks among `tasks` by the file each downloads (the first of two for one file), those `keep` accepts.
  public static func byPath<Task>(
    _ tasks: [Task], of model: String, description: (Task) -> String?, keep: (Task) -> Bool = { _ in true }
  ) -> [String: Task] {
    var found: [String: Task] = [:]
    for task in tasks where keep(task) {
      guard let (owner, path) = names(description(task)), owner == model, found[path] == nil else { continue }
      found[path] = task
    }
    return found
  }

  /// How one file's task starts: from the resume data saved for it (the beginning when there turns out to be none),
  /// or from the beginning.
  public struct Start: Sendable, Hashable {
    public var path: String
    public var fromResumeData: Bool
  }

  /// What to do for a model's files: files on disk and files whose task runs in the right session are left alone;
  /// a task running in the other session (Wi-Fi only, or any network) is moved over with its resume data; the rest
  /// start, from resume data where there is some.
  public static func plan(
    _ list: ModelFileList, downloaded: Set<String>, runningHere: Set<String>, runningThere: Set<String>,
    resumeData: Set<String>
  ) -> (moveOver: [String], start: [Start]) {
    var moveOver: [String] = []
    var start: [Start] = []
    for file in list.files where !downloaded.contains(file.path) && !runningHere.contains(file.path) {
      if runningThere.contains(file.path) { moveOver.append(file.path) }
      let resumable = resumeData.contains(file.path) || runningThere.contains(file.path)
      start.append(Start(path: file.path, fromResumeData: resumable))
    }
    return (moveOver, start)
  }

  /// A task's failure from its HTTP status: nil when the status is a success.
  public static func failure(httpStatus: Int) -> DownloadFailure? {
    (200..<300).contains(httpStatus) ? nil : .server(httpStatus)
  }

  /// A task's error (its `NSError` domain and code) in the store's terms: `connection` is retried from resume data
  /// (or fails with Retry), `diskFull` and `server` fail with their line, `cancelled` was Utter's own and says nothing.
  /// `backgroundCancelReason` is set when the system (or a force quit) cancelled a background task, which resumes.
  public static func failure(domain: String, code: Int, backgroundCancelReason: Bool) -> DownloadFailure {
    switch (domain, code) {
    case (urlErrorDomain, cancelled): backgroundCancelReason ? .connection : .cancelled
    case (urlErrorDomain, cannotCreateFile), (urlErrorDomain, cannotWriteToFile): .diskFull
    case (cocoaErrorDomain, fileWriteOutOfSpace), (posixErrorDomain, noSpace): .diskFull
    default: .connection
    }
  }

  static let urlErrorDomain = "NSURLErrorDomain"
  static let cocoaErrorDomain = "NSCocoaErrorDomain"
  static let posixErrorDomain = "NSPOSIXErrorDomain"
  /// `NSURLErrorCancelled`, `NSURLErrorCannotCreateFile`, `NSURLErrorCannotWriteToFile`.
  static let cancelled = -999
  static let cannotCreateFile = -3000
  static let cannotWriteToFile = -3003
  /// `NSFileWriteOutOfSpaceError`, and `ENOSPC` on Darwin.
  static let fileWriteOutOfSpace = 640
  static let noSpace = 28
}

/// Hands the system's completion handler for a background session's events back once the session has delivered them,
/// whichever comes first (the session may finish its events before the system's handler reaches the app).
public final class BackgroundEventsHandoff: @unchecked Sendable {
  // NB: guarded by `lock`; the session's delegate queue and the main actor both call in.
  private let lock = NSLock()
  private var delivered: Set<String> = []
  private var waiting: [String: @Sendable () -> Void] = [:]

  public init() {}

  /// Keeps `completion` for session `identifier`; returns it when the events were delivered already (run it now).
  public func keep(_ completion: @escaping @Sendable () -> Void, for identifier: String) -> (@Sendable () -> Void)? {
    lock.withLock {
      if delivered.remove(identifier) != nil { return completion }
      waiting[identifier] = completion
      return nil
    }
  }

  /// Session `identifier` delivered its events: the completion to run now, if the system's handler came already.
  public func eventsDelivered(for identifier: String) -> (@Sendable () -> Void)? {
    lock.withLock {
      if let completion = waiting.removeValue(forKey: identifier) { return completion }
      delivered.insert(identifier)
      return nil
    }
  }
}
