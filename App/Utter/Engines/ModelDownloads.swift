import Dictation
import Foundation
import os

/// What a background download reported, in the model store's terms, for the library to turn into events.
enum ModelDownloadReport: Sendable {
  case received(model: String, path: String, bytes: Int64)
  /// The file is already moved into the model's folder.
  case fileFinished(model: String, path: String)
  case failed(model: String, path: String, DownloadFailure, resumeData: Bool)
}

/// The models' downloads in background `URLSession`s, which iOS runs while Utter is suspended or not running and
/// relaunches Utter for (`sessionSendsLaunchEvents`).
///
/// NB: we download the files ourselves instead of calling `WhisperKit.download`: WhisperKit 1.0.0's downloader
/// (ArgmaxCore `Downloader`, from swift-transformers) streams each file with `URLSession.bytes(for:)`, a data task
/// that a background session does not run, so even with `useBackgroundSession` the download stops when the user
/// leaves. Download tasks in a background session go on, and a cancelled or failed one leaves resume data.
final class ModelDownloads: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
  /// Wi-Fi only, and everything once the user allowed cellular: a task's network is fixed when it starts.
  static let wifiIdentifier = "app.utter.models.wifi"
  static let anyNetworkIdentifier = "app.utter.models.any"

  private let folder: ModelFiles
  private let report: @Sendable (ModelDownloadReport) -> Void
  private let log = Logger(subsystem: "app.utter", category: "models")
  private let lock = NSLock()
  private var eventsDelivered: Set<String> = []
  private var finishEvents: [String: @Sendable () -> Void] = [:]
  // NB: set once in init, after super.init (a session's delegate is self); read-only afterwards.
  private var wifi: URLSession!
  private var anyNetwork: URLSession!

  /// Reconnects to the sessions (and so to tasks that ran while Utter was away); `report` runs on a background queue.
  init(folder: ModelFiles, report: @escaping @Sendable (ModelDownloadReport) -> Void) {
    self.folder = folder
    self.report = report
    super.init()
    wifi = URLSession(
      configuration: Self.configuration(Self.wifiIdentifier, cellular: false), delegate: self, delegateQueue: nil)
    anyNetwork = URLSession(
      configuration: Self.configuration(Self.anyNetworkIdentifier, cellular: true), delegate: self, delegateQueue: nil)
  }

  private static func configuration(_ identifier: String, cellular: Bool) -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.background(withIdentifier: identifier)
    configuration.sessionSendsLaunchEvents = true
    configuration.isDiscretionary = false
    configuration.allowsCellularAccess = cellular
    configuration.allowsExpensiveNetworkAccess = cellular
    configuration.allowsConstrainedNetworkAccess = cellular
    return configuration
  }

  /// The running tasks' models with the bytes each file has received.
  func running() async -> [String: [String: Int64]] {
    var found: [String: [String: Int64]] = [:]
    for session in [wifi, anyNetwork] {
      for task in await session?.allTasks ?? [] where task.state == .running || task.state == .suspended {
        guard let (model, path) = Self.names(of: task) else { continue }
        found[model, default: [:]][path] = task.countOfBytesReceived
      }
    }
    return found
  }

  /// Starts a task for each file of `list` not yet in the model's folder, from its resume data when there is
  /// some; a task already running on the other kind of network is moved over with its resume data.
  func start(model: String, list: ModelFileList, allowsCellular: Bool) async {
    let session: URLSession = allowsCellular ? anyNetwork : wifi
    let other: URLSession = allowsCellular ? wifi : anyNetwork
    let otherTasks = await other.allTasks
    let ownTasks = await session.allTasks
    for file in list.files where !folder.isDownloaded(file, model: model) {
      if ownTasks.contains(where: {
        Self.names(of: $0).map { $0 == (model, file.path) } ?? false && $0.state == .running
      }) {
        continue
      }
      if let moving = otherTasks.first(where: { Self.names(of: $0).map { $0 == (model, file.path) } ?? false })
        as? URLSessionDownloadTask
      {
        if let data = await moving.cancelByProducingResumeData() {
          folder.saveResumeData(data, model: model, path: file.path)
        }
      }
      let task: URLSessionDownloadTask
      if let data = folder.resumeData(model: model, path: file.path) {
        task = session.downloadTask(withResumeData: data)
        folder.dropResumeData(model: model, path: file.path)
      } else if let url = list.url(of: file) {
        task = session.downloadTask(with: url)
      } else {
        continue
      }
      task.taskDescription = "\(model)\n\(file.path)"
      task.countOfBytesClientExpectsToReceive = file.size
      task.resume()
    }
  }

  /// Cancels every task of `model` and drops its resume data.
  func cancel(model: String) async {
    for session in [wifi, anyNetwork] {
      for task in await session?.allTasks ?? [] where Self.names(of: task)?.model == model { task.cancel() }
    }
    folder.dropAllResumeData(model: model)
  }

  /// Keeps the system's completion handler for a session's events; it is called when they are all delivered.
  func keepCompletion(_ completion: @escaping @Sendable () -> Void, for identifier: String) {
    // NB: the session may have delivered its events before the system's handler reached us: run it at once then.
    let already = lock.withLock { () -> Bool in
      if eventsDelivered.remove(identifier) != nil { return true }
      finishEvents[identifier] = completion
      return false
    }
    if already { DispatchQueue.main.async { completion() } }
  }

  // MARK: URLSessionDownloadDelegate

  func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
  ) {
    guard let (model, path) = Self.names(of: downloadTask) else { return }
    report(.received(model: model, path: path, bytes: totalBytesWritten))
  }

  func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
    guard let (model, path) = Self.names(of: downloadTask) else { return }
    if let status = (downloadTask.response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
      report(.failed(model: model, path: path, .server(status), resumeData: false))
      return
    }
    // NB: the file at `location` is deleted when this method returns, so it is moved now, before anything else.
    do {
      try folder.keep(location, model: model, path: path)
      report(.fileFinished(model: model, path: path))
    } catch {
      log.error("keeping \(path, privacy: .public) failed: \(error.localizedDescription, privacy: .public)")
      report(.failed(model: model, path: path, Self.failure(error), resumeData: false))
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    guard let error, let (model, path) = Self.names(of: task) else { return }
    let data = (error as NSError).userInfo[NSURLSessionDownloadTaskResumeData] as? Data
    if let data { folder.saveResumeData(data, model: model, path: path) }
    report(.failed(model: model, path: path, Self.failure(error), resumeData: data != nil))
  }

  func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
    guard let identifier = session.configuration.identifier else { return }
    let completion = lock.withLock { () -> (@Sendable () -> Void)? in
      guard let completion = finishEvents.removeValue(forKey: identifier) else {
        eventsDelivered.insert(identifier)
        return nil
      }
      return completion
    }
    if let completion { DispatchQueue.main.async { completion() } }
  }

  // MARK: Names

  /// The model and file path a task was started for.
  private static func names(of task: URLSessionTask) -> (model: String, path: String)? {
    let parts = task.taskDescription?.split(separator: "\n", maxSplits: 1).map(String.init) ?? []
    return parts.count == 2 ? (parts[0], parts[1]) : nil
  }

  /// A task's error in the store's terms.
  static func failure(_ error: Error) -> DownloadFailure {
    let error = error as NSError
    if error.domain == NSURLErrorDomain {
      switch error.code {
      case NSURLErrorCancelled:
        // The user force-quit Utter or the system stopped the task: it resumes, unlike Utter's own cancel.
        return error.userInfo[NSURLErrorBackgroundTaskCancelledReasonKey] == nil ? .cancelled : .connection
      case NSURLErrorCannotWriteToFile, NSURLErrorCannotCreateFile: return .diskFull
      default: return .connection
      }
    }
    if error.domain == NSCocoaErrorDomain && error.code == NSFileWriteOutOfSpaceError { return .diskFull }
    if error.domain == NSPOSIXErrorDomain && error.code == Int(ENOSPC) { return .diskFull }
    return .connection
  }
}
