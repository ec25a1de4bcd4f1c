#if canImport(Observation)
  import Foundation

  extension ModelStore {
    /// Applies what a background download reported.
    public func apply(_ report: ModelDownloadReport) {
      switch report {
      case .received(let model, let path, let bytes):
        received[model, default: [:]][path] = bytes
        guard let list = list(model) else { return }
        send(.progress(list.fraction(received: received[model] ?? [:])), to: model)
      case .fileFinished(let model, let path):
        guard let list = list(model) else { return }
        received[model, default: [:]][path] = list.files.first { $0.path == path }?.size
        if files.isComplete(list, model: model) {
          send(.downloadFinished, to: model)
        } else {
          send(.progress(list.fraction(received: received[model] ?? [:])), to: model)
        }
      case .failed(let model, _, let failure, let resumeData):
        send(.downloadFailed(failure, resumeData: resumeData || files.hasResumeData(model)), to: model)
      }
    }

    /// After a launch: what the background sessions still run and what is on disk, for each model not ready.
    public func relaunch() async {
      let running = await device.runningDownloads()
      for choice in WhisperModelChoice.all where status(of: choice.id).phase != .ready {
        let list = list(choice.id)
        var bytes = list.map { files.sizesOnDisk($0, model: choice.id) } ?? [:]
        bytes.merge(running[choice.id] ?? [:]) { max($0, $1) }
        received[choice.id] = bytes
        let found = ModelRelaunch(
          downloadComplete: list.map { files.isComplete($0, model: choice.id) } ?? false,
          taskRunning: running[choice.id] != nil, resumeData: files.hasResumeData(choice.id),
          fraction: list?.fraction(received: bytes) ?? 0)
        send(.relaunched(found), to: choice.id)
      }
    }

    /// The model's saved file list.
    func list(_ id: String) -> ModelFileList? {
      WhisperModelChoice.choice(id: id).flatMap { files.list(id, variant: $0.variant) }
    }

    /// Fetches the model's file list (once) and starts its files in the background session.
    func startDownload(_ choice: WhisperModelChoice, allowsCellular: Bool) async {
      do {
        let list: ModelFileList
        if let saved = files.list(choice.id, variant: choice.variant) {
          list = saved
        } else {
          guard let url = ModelFileList.listingURL(variant: choice.variant) else {
            throw ModelStoreError("bad model")
          }
          let listing = try await device.fetchListing(url)
          list = try ModelFileList(listing: listing, variant: choice.variant)
          try files.saveList(listing, id: choice.id)
        }
        try files.makeFolder(files.folder(choice.id))
        await device.startDownload(model: choice.id, list: list, allowsCellular: allowsCellular)
        if files.isComplete(list, model: choice.id) { send(.downloadFinished, to: choice.id) }
      } catch {
        send(.downloadFailed(.connection, resumeData: files.hasResumeData(choice.id)), to: choice.id)
      }
    }

    /// Every listed file is there with its size, and each large file has its SHA-256.
    func verify(_ choice: WhisperModelChoice) async -> Bool {
      guard let list = list(choice.id), files.isComplete(list, model: choice.id) else { return false }
      for file in list.files {
        guard let expected = file.sha256 else { continue }
        guard await device.sha256(of: files.file(choice.id, file.path)) == expected.lowercased() else { return false }
      }
      return true
    }
  }
#endif
