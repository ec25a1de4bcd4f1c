import Foundation
import Testing

@testable import ModelInstallation

@Suite("Model download tasks: names, what starts from where, what an error means")
struct ModelDownloadTasksTests {
  static let list = ModelFileList(
    folder: "openai_whisper-tiny.en",
    files: [
      .init(path: "a.bin", size: 10), .init(path: "b.bin", size: 10), .init(path: "c.bin", size: 10),
      .init(path: "d.bin", size: 10),
    ])

  @Test("a task names its model and file; a task that is not ours names nothing")
  func names() {
    let description = ModelDownloadTasks.description(model: "tiny.en", path: "AudioEncoder.mlmodelc/weight.bin")
    let names = ModelDownloadTasks.names(description)
    #expect(names?.model == "tiny.en")
    #expect(names?.path == "AudioEncoder.mlmodelc/weight.bin")
    #expect(ModelDownloadTasks.names("someone else's task") == nil)
    #expect(ModelDownloadTasks.names(nil) == nil)
  }

  @Test("files on disk and running here are left; one running on the other network moves over; resume data resumes")
  func plan() {
    let plan = ModelDownloadTasks.plan(
      Self.list, downloaded: ["a.bin"], runningHere: ["b.bin"], runningThere: ["c.bin"], resumeData: ["d.bin"])
    #expect(plan.moveOver == ["c.bin"])
    #expect(
      plan.start == [
        .init(path: "c.bin", fromResumeData: true), .init(path: "d.bin", fromResumeData: true),
      ])
    let fresh = ModelDownloadTasks.plan(
      Self.list, downloaded: [], runningHere: [], runningThere: [], resumeData: [])
    #expect(fresh.start.map(\.fromResumeData) == [false, false, false, false])
  }

  @Test("a session's tasks by file: only this model's, the first of two for one file, only running ones when asked")
  func tasksByPath() {
    let tasks: [(description: String?, running: Bool)] = [
      (ModelDownloadTasks.description(model: "base", path: "a.bin"), true),
      (ModelDownloadTasks.description(model: "base", path: "a.bin"), false),
      (ModelDownloadTasks.description(model: "base", path: "b.bin"), false),
      (ModelDownloadTasks.description(model: "small", path: "a.bin"), true),
      ("someone else's task", true), (nil, true),
    ]
    let all = ModelDownloadTasks.byPath(tasks, of: "base", description: \.description)
    #expect(all.keys.sorted() == ["a.bin", "b.bin"])
    #expect(all["a.bin"]?.running == true, "the first task for a file")
    let running = ModelDownloadTasks.byPath(tasks, of: "base", description: \.description) { $0.running }
    #expect(running.keys.sorted() == ["a.bin"])
  }

  @Test(
    "URL and file errors: Utter's own cancel says nothing, the system's resumes, a full disk fails, the rest retry",
    arguments: [
      ("NSURLErrorDomain", -999, false, DownloadFailure.cancelled),
      ("NSURLErrorDomain", -999, true, .connection),
      ("NSURLErrorDomain", -3000, false, .diskFull),
      ("NSURLErrorDomain", -3003, false, .diskFull),
      ("NSURLErrorDomain", -1009, false, .connection),
      ("NSURLErrorDomain", -1001, false, .connection),
      ("NSCocoaErrorDomain", 640, false, .diskFull),
      ("NSPOSIXErrorDomain", 28, false, .diskFull),
      ("NSPOSIXErrorDomain", 5, false, .connection),
    ])
  func failures(domain: String, code: Int, systemCancel: Bool, failure: DownloadFailure) {
    #expect(ModelDownloadTasks.failure(domain: domain, code: code, backgroundCancelReason: systemCancel) == failure)
  }

  @Test("an HTTP status outside 2xx is the server's refusal")
  func httpStatus() {
    #expect(ModelDownloadTasks.failure(httpStatus: 200) == nil)
    #expect(ModelDownloadTasks.failure(httpStatus: 206) == nil)
    #expect(ModelDownloadTasks.failure(httpStatus: 404) == .server(404))
    #expect(ModelDownloadTasks.failure(httpStatus: 503) == .server(503))
  }

  @Test("the system's completion handler runs once, whether the events or the handler come first")
  func handoff() {
    let handoff = BackgroundEventsHandoff()
    #expect(handoff.keep({}, for: "wifi") == nil)
    #expect(handoff.eventsDelivered(for: "wifi") != nil)
    #expect(handoff.eventsDelivered(for: "wifi") == nil, "nothing left to run")
    #expect(handoff.eventsDelivered(for: "any") == nil)
    #expect(handoff.keep({}, for: "any") != nil, "delivered before the handler came: run it at once")
  }

  @Test(
    "the network as the store sees it: Low Data Mode first, then cellular, then Wi-Fi",
    arguments: [
      (false, true, true, NetworkKind.none), (true, true, true, .constrained), (true, false, true, .cellular),
      (true, false, false, .wifi),
    ])
  func network(satisfied: Bool, constrained: Bool, expensive: Bool, kind: NetworkKind) {
    #expect(NetworkKind(satisfied: satisfied, constrained: constrained, expensive: expensive) == kind)
  }
}
