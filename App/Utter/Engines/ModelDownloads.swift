import Foundation
import ModelInstallation

/// The models' downloads in background `URLSession`s, which iOS runs while Utter is suspended or not running and
/// relaunches Utter for (`sessionSendsLaunchEvents`). `ModelDownloadTasks` decides; this only talks to URLSession.
///
/// NB: we download the files ourselves instead of calling `WhisperKit.download`: WhisperKit 1.0.0's downloader
/// (ArgmaxCore `Downloader`, from swift-transformers) streams each file with `URLSession.bytes(for:)`, a data task
/// that a background session does not run, so even with `useBackgroundSession` the download stops when the user
/// leaves. Download tasks in a background session go on, and a cancelled or failed one leaves resume data.
final class ModelDownloads: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
  /// Wi-Fi only, and everything once the user allowed cellular: a task's network is fixed when it starts.
  static let wifiIdentifier = "app.utter.models.wifi"
  static let anyNetworkIdentifier = "app.utter.models.any"

  private let files: ModelFiles
  private let report: @Sendable (ModelDownloadReport) -> Void
  let handoff = BackgroundEventsHandoff()
  // NB: set once in init, after super.init (a session's delegate is self); read-only afterwards.
  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
  private var wifi: URLSession!
  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
  private var anyNetwork: URLSession!

  /// Reconnects to the sessions (and so to tasks that ran while Utter was away); `report` runs on a background queue.
  init(files: ModelFiles, report: @escaping @Sendable (ModelDownloadReport) -> Void) {
    self.files = files
    self.report = report
    super.init()
    wifi = session(Self.wifiIdentifier, cellular: false)
    anyNetwork = session(Self.anyNetworkIdentifier, cellular: true)
  }

  private func session(_ identifier: String, cellular: Bool) -> URLSession {
    let configuration = URLSessionConfiguration.background(withIdentifier: identifier)
    configuration.sessionSendsLaunchEvents = true
    configuration.isDiscretionary = false
    configuration.allowsCellularAccess = cellular
    configuration.allowsExpensiveNetworkAccess = cellular
    configuration.allowsConstrainedNetworkAccess = cellular
    return URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
  }

  /// The running tasks' models with the bytes each file has received.
  func running() async -> [String: [String: Int64]] {
    var found: [String: [String: Int64]] = [:]
    for session in [wifi, anyNetwork] {
      for task in await session?.allTasks ?? [] where task.state == .running || task.state == .suspended {
        guard let (model, path) = ModelDownloadTasks.names(task.taskDescription) else { continue }
        found[model, default: [:]][path] = task.countOfBytesReceived
      }
    }
    return found
  }

  /// Starts the files of `list` as `ModelDownloadTasks.plan` says.
  func start(model: String, list: ModelFileList, allowsCellular: Bool) async {
    // rule: ModelInstallation.ModelDownloadTasks.plan (the plan moves tasks over to the session the user allowed)
    let (session, other): (URLSession, URLSession) = allowsCellular ? (anyNetwork, wifi) : (wifi, anyNetwork)
    let there = ModelDownloadTasks.byPath(await other.allTasks, of: model, description: \.taskDescription)
    let here = ModelDownloadTasks.byPath(await session.allTasks, of: model, description: \.taskDescription) {
      $0.state == .running
    }
    let plan = ModelDownloadTasks.plan(
      list, downloaded: Set(list.files.filter { files.isDownloaded($0, model: model) }.map(\.path)),
      runningHere: Set(here.keys), runningThere: Set(there.keys),
      resumeData: Set(list.files.map(\.path).filter { files.resumeData(model: model, path: $0) != nil }))
    for path in plan.moveOver {
      if let data = await (there[path] as? URLSessionDownloadTask)?.cancelByProducingResumeData() {
        files.saveResumeData(data, model: model, path: path)
      }
    }
    for start in plan.start {
      let path = start.path
      let task: URLSessionDownloadTask
      // rule: ModelInstallation.ModelDownloadTasks.plan
      if start.fromResumeData, let data = files.resumeData(model: model, path: path) {
        task = session.downloadTask(withResumeData: data)
        files.dropResumeData(model: model, path: path)
      } else if let file = list.files.first(where: { $0.path == path }), let url = list.url(of: file) {
        task = session.downloadTask(with: url)
      } else {
        continue
      }
      task.taskDescription = ModelDownloadTasks.description(model: model, path: path)
      task.countOfBytesClientExpectsToReceive = list.files.first { $0.path == path }?.size ?? 0
      task.resume()
    }
  }

  /// Cancels every task of `model` and drops its resume data.
  func cancel(model: String) async {
    for session in [wifi, anyNetwork] {
      for task in await session?.allTasks ?? [] where ModelDownloadTasks.names(task.taskDescription)?.model == model {
        task.cancel()
      }
    }
    files.dropAllResumeData(model: model)
  }

  // MARK: URLSessionDownloadDelegate

  func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
  ) {
    guard let (model, path) = ModelDownloadTasks.names(downloadTask.taskDescription) else { return }
    report(.received(model: model, path: path, bytes: totalBytesWritten))
  }

  func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
    guard let (model, path) = ModelDownloadTasks.names(downloadTask.taskDescription) else { return }
    let status = (downloadTask.response as? HTTPURLResponse)?.statusCode ?? 200
    if let failure = ModelDownloadTasks.failure(httpStatus: status) {
      return report(.failed(model: model, path: path, failure, resumeData: false))
    }
    // NB: the file at `location` is deleted when this method returns, so it is moved now, before anything else.
    do {
      try files.keep(location, model: model, path: path)
      report(.fileFinished(model: model, path: path))
    } catch {
      report(.failed(model: model, path: path, Self.failure(error), resumeData: false))
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    guard let error, let (model, path) = ModelDownloadTasks.names(task.taskDescription) else { return }
    let data = (error as NSError).userInfo[NSURLSessionDownloadTaskResumeData] as? Data
    if let data { files.saveResumeData(data, model: model, path: path) }
    report(.failed(model: model, path: path, Self.failure(error), resumeData: data != nil))
  }

  func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
    guard let identifier = session.configuration.identifier,
      let completion = handoff.eventsDelivered(for: identifier)
    else { return }
    DispatchQueue.main.async { completion() }
  }

  private static func failure(_ error: Error) -> DownloadFailure {
    let error = error as NSError
    return ModelDownloadTasks.failure(
      domain: error.domain, code: error.code,
      backgroundCancelReason: error.userInfo[NSURLErrorBackgroundTaskCancelledReasonKey] != nil)
  }
}
