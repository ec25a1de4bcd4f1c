extension ModelInstall {
  /// Applies `event`; returns what the app must do, in order.
  public mutating func handle(_ event: ModelEvent) -> [ModelEffect] {
    switch event {
    case .downloadAsked: return asked()
    case .networkKnown(let kind): return networkChanged(to: kind)
    case .freeSpaceKnown(let bytes):
      freeBytes = max(bytes, 0)
      return phase == .checking ? decide() : []
    case .cellularConfirmed: return cellularConfirmed()
    case .cellularDeclined:
      guard case .needsConfirmation = phase else { return [] }
      phase = .paused(.waitingForWiFi)
      return []
    case .progress(let value): return progressed(to: value)
    case .appLeft: return []
    case .relaunched(let found): return relaunched(found)
    case .downloadFinished: return finished()
    case .downloadFailed(let failure, let resumeData): return failed(failure, resumeData: resumeData)
    case .verified(let matches): return verified(matches)
    case .prepareAsked:
      guard phase == .ready else { return [] }
      phase = .compiling(fraction: nil)
      return [.compile]
    case .compileProgress(let value):
      guard case .compiling = phase, let value = Self.clamped(value) else { return [] }
      phase = .compiling(fraction: value)
      return []
    case .compiled:
      guard case .compiling = phase else { return [] }
      phase = .ready
      return []
    case .compileFailed:
      guard case .compiling = phase else { return [] }
      phase = .failed(.compile)
      return []
    case .deleteAsked: return deleted()
    }
  }

  private mutating func asked() -> [ModelEffect] {
    switch phase {
    case .paused where taskRunning:
      // The running task goes on by itself when the network allows it.
      return []
    case .notInstalled, .paused, .failed:
      if hasDownload {
        // NB: a finished download is never fetched again; a failed compile is retried from the files on disk.
        phase = .compiling(fraction: nil)
        return [.compile]
      }
      phase = .checking
      freeBytes = nil
      return [.measure]
    case .checking, .needsConfirmation, .downloading, .verifying, .compiling, .ready:
      return []
    }
  }

  /// The decision once the free space and the network are known.
  private mutating func decide() -> [ModelEffect] {
    guard let network, let freeBytes else { return [] }
    if freeBytes < bytesNeeded {
      phase = .failed(.notEnoughSpace(needed: bytesNeeded, free: freeBytes))
      return []
    }
    return start(on: network)
  }

  /// Starts (or resumes) the download on `network`, or waits, or asks.
  private mutating func start(on network: NetworkKind) -> [ModelEffect] {
    if network == .none {
      phase = .paused(.waitingForNetwork)
      return []
    }
    if network.needsConsent && !cellularAllowed {
      phase = .needsConfirmation(network)
      return []
    }
    phase = .downloading(fraction: fraction)
    taskRunning = true
    return [.startDownload(allowsCellular: cellularAllowed, resume: hasResumeData)]
  }

  private mutating func networkChanged(to kind: NetworkKind) -> [ModelEffect] {
    network = kind
    switch phase {
    case .checking:
      return decide()
    case .needsConfirmation:
      return start(on: kind)
    case .paused:
      // NB: a running background task waits for a network on its own and goes on by itself; only a download
      // that never started (or failed with resume data) is started here.
      if taskRunning {
        if kind == .none {
          phase = .paused(.waitingForNetwork)
        } else if kind.needsConsent && !cellularAllowed {
          phase = .paused(.waitingForWiFi)
        } else {
          phase = .downloading(fraction: fraction)
        }
        return []
      }
      return start(on: kind)
    case .downloading:
      if kind == .none {
        phase = .paused(.waitingForNetwork)
      } else if kind.needsConsent && !cellularAllowed {
        phase = .paused(.waitingForWiFi)
      }
      return []
    case .notInstalled, .failed, .verifying, .compiling, .ready:
      return []
    }
  }

  private mutating func cellularConfirmed() -> [ModelEffect] {
    switch phase {
    case .needsConfirmation, .paused(.waitingForWiFi):
      cellularAllowed = true
      // A task limited to Wi-Fi is restarted from its resume data with cellular allowed.
      let resume = hasResumeData || taskRunning
      phase = .downloading(fraction: fraction)
      taskRunning = true
      return [.startDownload(allowsCellular: true, resume: resume)]
    default:
      return []
    }
  }

  private mutating func progressed(to value: Double) -> [ModelEffect] {
    guard let value = Self.clamped(value) else { return [] }
    switch phase {
    case .downloading:
      fraction = max(fraction, value)
      phase = .downloading(fraction: fraction)
    case .paused where taskRunning:
      // Bytes arrive again: the connection is back.
      fraction = max(fraction, value)
      phase = .downloading(fraction: fraction)
    default:
      break
    }
    return []
  }

  private mutating func relaunched(_ found: ModelRelaunch) -> [ModelEffect] {
    fraction = Self.clamped(found.fraction) ?? 0
    hasResumeData = found.resumeData
    taskRunning = found.taskRunning
    if found.installed {
      phase = .ready
      hasDownload = true
      taskRunning = false
      return []
    }
    if found.downloadComplete {
      phase = .verifying
      hasDownload = true
      taskRunning = false
      return [.verify]
    }
    if found.taskRunning {
      // The download went on while the app was away; the system delivers its events to the new session.
      phase = .downloading(fraction: fraction)
      return []
    }
    if found.resumeData {
      // Resume where it stopped, after the same checks as a first download (space, cellular).
      phase = .checking
      freeBytes = nil
      return [.measure]
    }
    phase = .notInstalled
    return []
  }

  private mutating func finished() -> [ModelEffect] {
    switch phase {
    case .verifying, .compiling, .ready, .failed(.compile):
      return []
    case .notInstalled, .checking, .needsConfirmation, .downloading, .paused, .failed:
      // NB: never lose a finished download, whatever the phase said.
      phase = .verifying
      taskRunning = false
      hasResumeData = false
      hasDownload = true
      fraction = 1
      return [.verify]
    }
  }

  private mutating func failed(_ failure: DownloadFailure, resumeData: Bool) -> [ModelEffect] {
    switch phase {
    case .downloading, .paused, .checking, .needsConfirmation:
      break
    case .notInstalled, .failed, .verifying, .compiling, .ready:
      return []
    }
    taskRunning = false
    hasResumeData = resumeData
    switch failure {
    case .cancelled:
      // Utter cancelled it to restart (cellular allowed) or to delete; what follows decides.
      return []
    case .diskFull:
      phase = .failed(.diskFull)
      return []
    case .server(let status):
      phase = .failed(.server(status))
      return []
    case .connection:
      guard resumeData else {
        phase = .failed(.connection)
        return []
      }
      // Resume at once if a network is there, else when one comes back.
      return start(on: network ?? .none)
    }
  }

  private mutating func verified(_ matches: Bool) -> [ModelEffect] {
    guard phase == .verifying else { return [] }
    if matches {
      phase = .compiling(fraction: nil)
      return [.saveLocation, .compile]
    }
    phase = .failed(.damaged)
    hasDownload = false
    fraction = 0
    return [.removeFiles]
  }

  private mutating func deleted() -> [ModelEffect] {
    let effects: [ModelEffect] = taskRunning || hasResumeData ? [.cancelDownload, .removeFiles] : [.removeFiles]
    phase = .notInstalled
    taskRunning = false
    hasResumeData = false
    hasDownload = false
    cellularAllowed = false
    fraction = 0
    freeBytes = nil
    return effects
  }

  /// `value` within 0...1, or nil when it is not a number.
  static func clamped(_ value: Double) -> Double? {
    value.isNaN ? nil : min(max(value, 0), 1)
  }
}
