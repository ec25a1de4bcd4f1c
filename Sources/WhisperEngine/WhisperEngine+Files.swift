import CWhisper
import Foundation

extension WhisperEngine {
  /// Loads an added model (`AddedWhisperModels`) from its file with whisper.cpp's own loader, which has the last word:
  /// the file's headers are checked again first, so a file changed since it was added is refused in one line.
  public convenience init(added model: AddedWhisperModels.Model, file: URL, installation: EngineInstallation) throws {
    let header: GGMLModelFile
    do {
      header = try GGMLModelFile.inspect(file)
    } catch let error as GGMLFileError {
      throw SpeechEngineLoadError(
        "the added model '\(model.id)' (\(file.path)) cannot be read: \(error); add it again with `utter engines add`")
    }
    let library = try Self.openLibrary(installation, for: WhisperCatalog.defaultModel)
    guard let initialise = library.api.init_from_file_no_state else {
      throw SpeechEngineLoadError("the whisper library lacks its file loader")
    }
    let params = try Self.contextParams(library)
    guard let loaded = file.path.withCString({ initialise($0, params) }) else {
      throw SpeechEngineLoadError("whisper.cpp could not load the added model '\(model.id)' (\(file.path))")
    }
    self.init(library: library, context: loaded, model: model.id, isEnglishOnly: header.isEnglishOnly)
  }

  /// `spec`'s verified CTranslate2 weights converted to whisper.cpp's ggml format, as the engine loads them.
  static func ggmlBytes(_ spec: WhisperModelSpec, installation: EngineInstallation) throws -> Data {
    let vocabulary = try installation.vocabulary(spec).split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    let tokens = vocabulary.last?.isEmpty == true ? Array(vocabulary.dropLast()) : vocabulary
    return try installation.modelBytes(spec).withUnsafeBytes { bytes in
      try GGMLWhisperConverter.convert(model: CTranslate2Model(bytes: bytes), vocabulary: tokens)
    }
  }

  /// Writes installed `spec` as a whisper.cpp ggml file at `url` (what whisper.cpp's tools and `utter engines add`
  /// read); returns its header.
  public static func exportGGML(_ spec: WhisperModelSpec, installation: EngineInstallation, to url: URL) throws
    -> GGMLModelFile
  {
    let missing = installation.missingPackages(for: spec)
    guard missing.isEmpty else {
      throw SpeechEngineLoadError(
        "whisper \(spec.id) is not installed; run `utter engines install --model \(spec.id)`")
    }
    try ggmlBytes(spec, installation: installation).write(to: url, options: .atomic)
    return try GGMLModelFile.inspect(url)
  }
}
