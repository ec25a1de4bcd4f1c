import ArgumentParser
import CLISupport
import Foundation
import ModelInstallation
import Storage
import WhisperEngine

extension EnginesCommand {
  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check a whisper.cpp ggml model (ggml-*.bin) and copy it into the data folder under an id.",
      discussion: """
        The file's header and every tensor's header are checked (magic, sizes, types) without reading the weights; \
        whisper.cpp itself loads it when it is used: `utter serve --model ID`, `utter transcribe --model ID`.
        """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A whisper.cpp model file, e.g. ggml-base.en.bin or ggml-large-v3-turbo-q5_0.bin.")
    var file: String

    @Option(help: "The model's id (default: the file's name without 'ggml-' and '.bin').")
    var id: String?

    func run() async throws {
      let url = URL(fileURLWithPath: file)
      let id = id ?? AddedWhisperModels.defaultID(for: url)
      let models = AddedWhisperModels(dataDirectory: global.dataDirectory)
      let header: GGMLModelFile
      do {
        header = try GGMLModelFile.inspect(url)
      } catch {
        throw CLIError("\(file) is not a whisper.cpp model: \(error)")
      }
      if let free = EnginesCommand.Install.freeBytes(near: models.directory),
        let refusal = ModelSpace.refusal(name: "whisper \(id)", modelBytes: header.bytes, freeBytes: free)
      {
        throw CLIError("\(refusal.dropLast()) in \(models.directory.path).")
      }
      let model: AddedWhisperModels.Model
      do {
        model = try models.add(url, id: id)
      } catch let error as GGMLFileError {
        throw CLIError("\(file) is not a whisper.cpp model: \(error)")
      } catch {
        throw CLIError("\(error)")
      }
      print("added \(model.id): \(model.header.summary)")
      printError("utter: serve it with `utter serve --model \(model.id)`")
    }
  }

  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Forget an added model and delete its copy.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The added model's id.")
    var id: String

    func run() async throws {
      try removeReporting(missing: "no added model '\(id)' (`utter engines list` shows them)", done: "removed \(id)") {
        try AddedWhisperModels(dataDirectory: global.dataDirectory).remove(id: id)
      }
    }
  }

  struct ExportGGML: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export-ggml",
      abstract: "Write an installed model as a whisper.cpp ggml file (8-bit weights), as the engine loads it.",
      discussion:
        "whisper.cpp's own tools (whisper-cli, whisper-server) read the file, and so does `utter engines add`.")

    @Argument(help: "The file to write, e.g. ggml-tiny.en-q8_0.bin.")
    var output: String

    @Option(help: "Installed model to write: \(WhisperCatalog.models.map(\.id).joined(separator: ", ")).")
    var model: String = WhisperCatalog.defaultModel.id

    func run() async throws {
      guard let spec = WhisperCatalog.model(id: model) else {
        throw CLIError("unknown model '\(model)' (models: \(WhisperCatalog.models.map(\.id).joined(separator: ", ")))")
      }
      let installation = EngineInstallation(directory: Locations.engineDirectory())
      let header = try oneLineError {
        try WhisperEngine.exportGGML(spec, installation: installation, to: URL(fileURLWithPath: output))
      }
      print("wrote \(output): \(header.summary)")
    }
  }
}
