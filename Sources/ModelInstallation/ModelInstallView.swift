/// What a screen shows for one model: its title, a progress bar when there is one, one line, and what the user
/// can do. Onboarding and Settings draw exactly this.
public struct ModelInstallView: Sendable, Hashable {
  /// How the line reads.
  public enum Tone: Sendable, Hashable { case plain, working, warning, done }

  /// A button the screen offers.
  public enum Action: Sendable, Hashable { case download, retry, downloadOnCellular, waitForWiFi, delete }

  public var title: String
  /// A determinate bar when non-nil; `working` with a nil fraction is a spinner.
  public var fraction: Double?
  public var line: String
  public var tone: Tone
  public var actions: [Action]
}

extension ModelInstall {
  /// The model as a screen shows it.
  public var view: ModelInstallView {
    let size = ByteSize.text(model.bytes)
    let name = "The \(model.title) model"
    func make(
      _ line: String, _ tone: ModelInstallView.Tone, fraction: Double? = nil, _ actions: [ModelInstallView.Action]
    )
      -> ModelInstallView
    {
      ModelInstallView(title: model.title, fraction: fraction, line: line, tone: tone, actions: actions)
    }
    let percent = "\(Int((fraction * 100).rounded(.down)))%"
    let resumes = hasResumeData || taskRunning ? "it resumes where it stopped" : "it starts again"
    switch phase {
    case .notInstalled:
      return make("About \(size), downloaded once.", .plain, [.download])
    case .checking:
      return make("Checking free space and the network…", .working, [])
    case .needsConfirmation(let network):
      let line =
        network == .constrained
        ? "Low Data Mode is on. \(name) is \(size). Download it anyway?"
        : "\(name) is \(size). Download on cellular?"
      return make(line, .warning, [.downloadOnCellular, .waitForWiFi])
    case .downloading(let fraction):
      return make(
        "Downloading… \(percent) of \(size). It goes on if you leave Utter.", .working, fraction: fraction, [.delete])
    case .paused(.waitingForNetwork):
      return make(
        "Waiting for a connection… \(percent) done; it goes on by itself.", .warning, fraction: fraction, [.delete])
    case .paused(.waitingForWiFi):
      return make(
        "Waiting for Wi-Fi… \(percent) of \(size) done.", .warning, fraction: fraction, [.downloadOnCellular, .delete])
    case .failed(let failure):
      return make(Self.line(for: failure, title: model.title, resumes: resumes), .warning, Self.actions(for: failure))
    case .verifying:
      return make("Checking the download…", .working, fraction: nil, [])
    case .compiling(let fraction):
      let done = fraction.map { " \(Int(($0 * 100).rounded(.down)))%" } ?? ""
      return make("Preparing for the Neural Engine (once, up to a minute)…\(done)", .working, fraction: fraction, [])
    case .ready:
      return make("Ready", .done, [.delete])
    }
  }

  static func line(for failure: ModelFailure, title: String, resumes: String) -> String {
    switch failure {
    case .notEnoughSpace(let needed, let free):
      ModelSpace.line(name: "the \(title) model", needed: needed, free: free)
    case .diskFull:
      "The iPhone is full. Free up space and tap Retry; \(resumes)."
    case .connection:
      "The download stopped: no connection. Tap Retry; \(resumes)."
    case .server(let status):
      "The model server answered \(status). Try again later."
    case .damaged:
      "The download was damaged and was removed. Tap Download to fetch it again."
    case .compile:
      "The model could not be prepared. Tap Retry, or delete it and download it again."
    }
  }

  static func actions(for failure: ModelFailure) -> [ModelInstallView.Action] {
    switch failure {
    case .damaged, .notEnoughSpace: [.download]
    case .compile: [.retry, .delete]
    case .diskFull, .connection, .server: [.retry, .delete]
    }
  }

  /// The one line a caller that cannot show the store's screen throws (`install` in the app, for example).
  public var problem: String? {
    switch phase {
    case .failed, .needsConfirmation, .paused: view.line
    default: nil
    }
  }
}
