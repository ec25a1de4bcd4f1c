import Testing

@testable import ModelInstallation

/// Named starting points, each reached by the events that lead there (never by setting fields).
enum ModelStart: String, CaseIterable, CustomTestStringConvertible {
  case notInstalled, checking, askingCellular, askingLowData, downloading, waitingForNetwork, waitingForWiFi
  case refusedForSpace, diskFull, connectionLost, verifying, compiling, compileFailed, ready

  static let small = WhisperModelChoice.choice(id: "small.en")!
  static let plenty: Int64 = 10_000_000_000

  var testDescription: String { rawValue }

  var events: [ModelEvent] {
    let wifiAsk: [ModelEvent] = [.networkKnown(.wifi), .downloadAsked, .freeSpaceKnown(Self.plenty)]
    let downloading = wifiAsk + [.progress(0.4)]
    switch self {
    case .notInstalled: return []
    case .checking: return [.downloadAsked]
    case .askingCellular: return [.networkKnown(.cellular), .downloadAsked, .freeSpaceKnown(Self.plenty)]
    case .askingLowData: return [.networkKnown(.constrained), .downloadAsked, .freeSpaceKnown(Self.plenty)]
    case .downloading: return downloading
    case .waitingForNetwork: return downloading + [.networkKnown(.none)]
    case .waitingForWiFi:
      return [.networkKnown(.cellular), .downloadAsked, .freeSpaceKnown(Self.plenty), .cellularDeclined]
    case .refusedForSpace: return [.networkKnown(.wifi), .downloadAsked, .freeSpaceKnown(500_000_000)]
    case .diskFull: return downloading + [.downloadFailed(.diskFull, resumeData: true)]
    case .connectionLost: return downloading + [.downloadFailed(.connection, resumeData: false)]
    case .verifying: return downloading + [.downloadFinished]
    case .compiling: return downloading + [.downloadFinished, .verified(true)]
    case .compileFailed: return downloading + [.downloadFinished, .verified(true), .compileFailed]
    case .ready: return downloading + [.downloadFinished, .verified(true), .compiled]
    }
  }

  var install: ModelInstall {
    var install = ModelInstall(model: Self.small)
    for event in events { _ = install.handle(event) }
    return install
  }
}

/// Every kind of event, for the grid.
let everyEvent: [ModelEvent] = [
  .downloadAsked, .networkKnown(.wifi), .networkKnown(.cellular), .networkKnown(.constrained), .networkKnown(.none),
  .freeSpaceKnown(ModelStart.plenty), .freeSpaceKnown(1_000), .cellularConfirmed, .cellularDeclined, .progress(0.7),
  .appLeft, .relaunched(ModelRelaunch()), .relaunched(ModelRelaunch(taskRunning: true, fraction: 0.5)),
  .relaunched(ModelRelaunch(resumeData: true, fraction: 0.3)), .relaunched(ModelRelaunch(downloadComplete: true)),
  .relaunched(ModelRelaunch(installed: true)), .downloadFinished, .downloadFailed(.connection, resumeData: true),
  .downloadFailed(.connection, resumeData: false), .downloadFailed(.diskFull, resumeData: true),
  .downloadFailed(.server(503), resumeData: false), .downloadFailed(.cancelled, resumeData: true), .verified(true),
  .verified(false), .prepareAsked, .compileProgress(0.5), .compiled, .compileFailed, .deleteAsked,
]

@Suite("A model's download and preparation, decided by the store")
struct ModelInstallTests {
  @Test("each starting point is the phase its name says", arguments: ModelStart.allCases)
  func startingPoints(start: ModelStart) {
    let expected: [ModelStart: ModelPhase] = [
      .notInstalled: .notInstalled, .checking: .checking, .askingCellular: .needsConfirmation(.cellular),
      .askingLowData: .needsConfirmation(.constrained), .downloading: .downloading(fraction: 0.4),
      .waitingForNetwork: .paused(.waitingForNetwork), .waitingForWiFi: .paused(.waitingForWiFi),
      .refusedForSpace: .failed(.notEnoughSpace(needed: 1_200_000_000, free: 500_000_000)),
      .diskFull: .failed(.diskFull), .connectionLost: .failed(.connection), .verifying: .verifying,
      .compiling: .compiling(fraction: nil), .compileFailed: .failed(.compile), .ready: .ready,
    ]
    #expect(start.install.phase == expected[start])
  }

  @Test("on Wi-Fi with room, asking measures, then downloads, verifies, records the folder, compiles and is ready")
  func wifiHappyPath() {
    var install = ModelInstall(model: ModelStart.small)
    #expect(install.handle(.networkKnown(.wifi)) == [])
    #expect(install.handle(.downloadAsked) == [.measure])
    #expect(install.phase == .checking)
    #expect(
      install.handle(.freeSpaceKnown(ModelStart.plenty)) == [.startDownload(allowsCellular: false, resume: false)])
    #expect(install.handle(.progress(0.25)) == [])
    #expect(install.phase == .downloading(fraction: 0.25))
    #expect(install.handle(.downloadFinished) == [.verify])
    #expect(install.handle(.verified(true)) == [.saveLocation, .compile])
    #expect(install.handle(.compileProgress(0.5)) == [])
    #expect(install.phase == .compiling(fraction: 0.5))
    #expect(install.handle(.compiled) == [])
    #expect(install.phase == .ready)
  }

  @Test("free space below 2.5 × the model is refused with one line, and nothing is downloaded")
  func refusesWithoutSpace() {
    var install = ModelInstall(model: ModelStart.small)
    _ = install.handle(.networkKnown(.wifi))
    _ = install.handle(.downloadAsked)
    #expect(install.handle(.freeSpaceKnown(800_000_000)) == [])
    #expect(install.phase == .failed(.notEnoughSpace(needed: 1_200_000_000, free: 800_000_000)))
    #expect(
      install.view.line == "Not enough free space: the Small (English) model needs 1.2 GB free and 800 MB is free.")
    #expect(install.view.actions == [.download])
    for (free, starts) in [(Int64(1_199_999_999), false), (1_200_000_000, true)] {
      var edge = ModelInstall(model: ModelStart.small)
      _ = edge.handle(.networkKnown(.wifi))
      _ = edge.handle(.downloadAsked)
      let effects = edge.handle(.freeSpaceKnown(free))
      #expect(effects == (starts ? [.startDownload(allowsCellular: false, resume: false)] : []), "\(free)")
    }
  }

  @Test("on cellular it asks with the size first; yes downloads over cellular, no waits for Wi-Fi and starts there")
  func asksOnCellular() {
    var install = ModelStart.askingCellular.install
    #expect(install.view.line == "The Small (English) model is 480 MB. Download on cellular?")
    #expect(install.view.actions == [.downloadOnCellular, .waitForWiFi])
    var yes = install
    #expect(yes.handle(.cellularConfirmed) == [.startDownload(allowsCellular: true, resume: false)])
    #expect(yes.phase == .downloading(fraction: 0))
    #expect(yes.handle(.networkKnown(.cellular)) == [])
    #expect(yes.phase == .downloading(fraction: 0))
    #expect(install.handle(.cellularDeclined) == [])
    #expect(install.phase == .paused(.waitingForWiFi))
    #expect(install.view.line == "Waiting for Wi-Fi… 0% of 480 MB done.")
    #expect(install.handle(.networkKnown(.wifi)) == [.startDownload(allowsCellular: false, resume: false)])
  }

  @Test("Low Data Mode asks too, in its own words; Wi-Fi arriving while asking just downloads")
  func asksInLowDataMode() {
    var install = ModelStart.askingLowData.install
    #expect(install.view.line == "Low Data Mode is on. The Small (English) model is 480 MB. Download it anyway?")
    #expect(install.handle(.networkKnown(.wifi)) == [.startDownload(allowsCellular: false, resume: false)])
  }

  @Test("a Wi-Fi download that finds only cellular waits for Wi-Fi; allowing cellular restarts it from where it was")
  func wifiLostToCellular() {
    var install = ModelStart.downloading.install
    #expect(install.handle(.networkKnown(.cellular)) == [])
    #expect(install.phase == .paused(.waitingForWiFi))
    #expect(install.handle(.cellularConfirmed) == [.startDownload(allowsCellular: true, resume: true)])
    #expect(install.phase == .downloading(fraction: 0.4))
  }

  @Test("airplane mode mid-download pauses without cancelling; bytes or a network bring it back with no restart")
  func airplaneMode() {
    var install = ModelStart.downloading.install
    #expect(install.handle(.networkKnown(.none)) == [])
    #expect(install.phase == .paused(.waitingForNetwork))
    #expect(install.view.line == "Waiting for a connection… 40% done; it goes on by itself.")
    var back = install
    #expect(back.handle(.networkKnown(.wifi)) == [])
    #expect(back.phase == .downloading(fraction: 0.4))
    #expect(install.handle(.progress(0.5)) == [])
    #expect(install.phase == .downloading(fraction: 0.5))
  }

  @Test("a connection failure with resume data resumes at once online, or when a network comes back")
  func resumesAfterFailure() {
    var online = ModelStart.downloading.install
    #expect(
      online.handle(.downloadFailed(.connection, resumeData: true))
        == [.startDownload(allowsCellular: false, resume: true)])
    #expect(online.phase == .downloading(fraction: 0.4))
    var offline = ModelStart.waitingForNetwork.install
    #expect(offline.handle(.downloadFailed(.connection, resumeData: true)) == [])
    #expect(offline.phase == .paused(.waitingForNetwork))
    #expect(offline.handle(.networkKnown(.wifi)) == [.startDownload(allowsCellular: false, resume: true)])
  }

  @Test("a connection failure without resume data, a full disk and a server error stop with one line and Retry")
  func failuresSayWhat() {
    let lost = ModelStart.connectionLost.install
    #expect(lost.view.line == "The download stopped: no connection. Tap Retry; it starts again.")
    #expect(lost.view.actions == [.retry, .delete])
    let full = ModelStart.diskFull.install
    #expect(full.view.line == "The iPhone is full. Free up space and tap Retry; it resumes where it stopped.")
    var server = ModelStart.downloading.install
    _ = server.handle(.downloadFailed(.server(503), resumeData: false))
    #expect(server.view.line == "The model server answered 503. Try again later.")
    var retry = full
    #expect(retry.handle(.downloadAsked) == [.measure])
    _ = retry.handle(.networkKnown(.wifi))
    #expect(retry.handle(.freeSpaceKnown(ModelStart.plenty)) == [.startDownload(allowsCellular: false, resume: true)])
  }

  @Test("leaving the app changes nothing in any phase: the background session goes on", arguments: ModelStart.allCases)
  func leavingChangesNothing(start: ModelStart) {
    var install = start.install
    let before = install
    #expect(install.handle(.appLeft) == [])
    #expect(install == before)
  }

  @Test("a relaunch follows what the app found: installed, complete, still running, resumable, or nothing")
  func relaunch() {
    var install = ModelInstall(model: ModelStart.small)
    #expect(install.handle(.relaunched(ModelRelaunch(installed: true))) == [])
    #expect(install.phase == .ready)
    install = ModelInstall(model: ModelStart.small)
    #expect(install.handle(.relaunched(ModelRelaunch(downloadComplete: true, resumeData: true))) == [.verify])
    install = ModelInstall(model: ModelStart.small)
    #expect(install.handle(.relaunched(ModelRelaunch(taskRunning: true, fraction: 0.6))) == [])
    #expect(install.phase == .downloading(fraction: 0.6))
    #expect(install.view.line == "Downloading… 60% of 480 MB. It goes on if you leave Utter.")
    install = ModelInstall(model: ModelStart.small)
    #expect(install.handle(.relaunched(ModelRelaunch(resumeData: true, fraction: 0.3))) == [.measure])
    _ = install.handle(.networkKnown(.wifi))
    #expect(install.handle(.freeSpaceKnown(ModelStart.plenty)) == [.startDownload(allowsCellular: false, resume: true)])
    #expect(install.phase == .downloading(fraction: 0.3))
    install = ModelInstall(model: ModelStart.small)
    #expect(install.handle(.relaunched(ModelRelaunch())) == [])
    #expect(install.phase == .notInstalled)
  }

  @Test("a finished download is never lost: from any download phase it is verified", arguments: ModelStart.allCases)
  func finishedIsKept(start: ModelStart) {
    var install = start.install
    let effects = install.handle(.downloadFinished)
    switch start {
    case .verifying, .compiling, .ready:
      #expect(effects == [])
      #expect(install.phase == start.install.phase)
    case .compileFailed:
      #expect(effects == [])
      #expect(install.phase == .failed(.compile))
    default:
      #expect(effects == [.verify])
      #expect(install.phase == .verifying)
    }
  }

  @Test("a failed compile keeps the files: Retry compiles again without downloading")
  func compileRetry() {
    var install = ModelStart.compileFailed.install
    #expect(install.view.line == "The model could not be prepared. Tap Retry, or delete it and download it again.")
    #expect(install.handle(.downloadAsked) == [.compile])
    #expect(install.phase == .compiling(fraction: nil))
  }

  @Test("damaged files are removed and the model can be downloaded again from the start")
  func damaged() {
    var install = ModelStart.verifying.install
    #expect(install.handle(.verified(false)) == [.removeFiles])
    #expect(install.phase == .failed(.damaged))
    #expect(install.handle(.downloadAsked) == [.measure])
  }

  @Test(
    "delete from any phase ends not installed, cancelling a running or resumable download",
    arguments: ModelStart.allCases)
  func deleteFromAnywhere(start: ModelStart) {
    var install = start.install
    let effects = install.handle(.deleteAsked)
    #expect(install.phase == .notInstalled)
    let cancels: Set<ModelStart> = [.downloading, .waitingForNetwork, .diskFull]
    #expect(effects == (cancels.contains(start) ? [.cancelDownload, .removeFiles] : [.removeFiles]))
    #expect(install.handle(.relaunched(ModelRelaunch())) == [])
    #expect(install.view.actions == [.download])
  }

  @Test("only asking, a network, the free space, a yes to cellular or a resumable failure start a download")
  func onlyDecisionsStartDownloads() {
    for start in ModelStart.allCases {
      for event in everyEvent {
        var install = start.install
        let starts = install.handle(event).contains { if case .startDownload = $0 { true } else { false } }
        guard starts else { continue }
        switch event {
        case .networkKnown, .freeSpaceKnown, .cellularConfirmed, .downloadFailed(.connection, resumeData: true):
          #expect(install.taskRunning, "\(start) + \(event)")
        default:
          Issue.record("\(start) + \(event) started a download")
        }
      }
    }
  }

  @Test("every phase after every event shows a title, one line and a fraction within 0...1")
  func everyViewIsWhole() {
    for start in ModelStart.allCases {
      for event in everyEvent {
        var install = start.install
        _ = install.handle(event)
        let view = install.view
        #expect(view.title == "Small (English)")
        #expect(!view.line.isEmpty && !view.line.contains("\n"), "\(start) + \(event)")
        if let fraction = view.fraction { #expect((0...1).contains(fraction), "\(start) + \(event)") }
      }
    }
  }

  @Test("progress outside a download changes nothing; inside, it never runs backwards or past 1")
  func progressBounds() {
    for start in ModelStart.allCases where ![.downloading, .waitingForNetwork].contains(start) {
      var install = start.install
      _ = install.handle(.progress(0.9))
      #expect(install.phase == start.install.phase, "\(start)")
    }
    var install = ModelStart.downloading.install
    _ = install.handle(.progress(0.2))
    #expect(install.phase == .downloading(fraction: 0.4))
    _ = install.handle(.progress(7))
    #expect(install.phase == .downloading(fraction: 1))
    _ = install.handle(.progress(.nan))
    #expect(install.phase == .downloading(fraction: 1))
  }

  @Test("a second tap while checking, asking, downloading or preparing does nothing")
  func doubleTap() {
    for start: ModelStart in [
      .checking, .askingCellular, .downloading, .waitingForNetwork, .verifying, .compiling, .ready,
    ] {
      var install = start.install
      #expect(install.handle(.downloadAsked) == [], "\(start)")
      #expect(install.phase == start.install.phase, "\(start)")
    }
  }

  @Test("preparing a ready model compiles with progress and ends ready")
  func prepareReady() {
    var install = ModelStart.ready.install
    #expect(install.handle(.prepareAsked) == [.compile])
    #expect(install.view.line == "Preparing for the Neural Engine (once, up to a minute)…")
    _ = install.handle(.compileProgress(0.34))
    #expect(install.view.line == "Preparing for the Neural Engine (once, up to a minute)… 34%")
    #expect(install.view.fraction == 0.34)
    _ = install.handle(.compiled)
    #expect(install.view.line == "Ready")
  }
}
