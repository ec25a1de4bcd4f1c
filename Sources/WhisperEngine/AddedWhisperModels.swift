import Crypto
import Foundation

/// The whisper.cpp models the user added (`utter engines add`): each ggml file checked (`GGMLModelFile`) and copied
/// into the data folder's `models` folder (0700, each file 0600), listed in its `models.json`.
public struct AddedWhisperModels: Sendable {
  public let directory: URL

  public init(dataDirectory: URL) {
    directory = dataDirectory.appendingPathComponent("models", isDirectory: true)
  }

  /// One added model: its id, its file in `directory`, where it came from and what its header declares.
  public struct Model: Sendable, Hashable, Codable {
    public var id: String
    public var file: String
    /// The added file's name.
    public var source: String
    public var header: GGMLModelFile
    public var sha256: String
    public var added: Date
  }

  private var indexURL: URL { directory.appendingPathComponent("models.json") }

  /// The added models, in the order they were added.
  public func list() throws -> [Model] {
    guard let data = try? Data(contentsOf: indexURL) else { return [] }
    do {
      return try JSONDecoder.withDates.decode([Model].self, from: data)
    } catch {
      throw SpeechEngineLoadError("\(indexURL.path) cannot be read: \(error)")
    }
  }

  public func model(id: String) throws -> Model? { try list().first { $0.id == id } }

  public func url(of model: Model) -> URL { directory.appendingPathComponent(model.file) }

  /// The id a file gets when none is given: its name without whisper.cpp's `ggml-` and `.bin` (`ggml-base.en.bin` →
  /// `base.en`).
  public static func defaultID(for file: URL) -> String {
    var name = file.lastPathComponent
    if name.hasPrefix("ggml-") { name.removeFirst(5) }
    if name.hasSuffix(".bin") { name.removeLast(4) }
    return name
  }

  /// Why `id` cannot name an added model, or nil: letters, digits, `.`, `_` and `-`, at most 64, not a catalog model.
  public static func refusal(id: String) -> String? {
    let allowed = id.unicodeScalars.allSatisfy {
      $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
    }
    guard (1...64).contains(id.count), allowed, id.first?.isLetter == true || id.first?.isNumber == true else {
      return
        "a model id is 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit, not '\(id.prefix(80))'"
    }
    guard WhisperCatalog.model(id: id) == nil else {
      return "'\(id)' is the name of a model Utter installs; choose another --id"
    }
    return nil
  }

  /// Checks `file` and copies it in as `id`, added at `now`; throws `GGMLFileError` for a file that is not a model
  /// and `SpeechEngineLoadError` for an id already taken or a copy that failed.
  @discardableResult
  public func add(_ file: URL, id: String, now: Date = Date()) throws -> Model {
    if let refusal = Self.refusal(id: id) { throw SpeechEngineLoadError(refusal) }
    let header = try GGMLModelFile.inspect(file)
    var models = try list()
    guard !models.contains(where: { $0.id == id }) else {
      throw SpeechEngineLoadError(
        "a model '\(id)' is already added; `utter engines remove \(id)` first, or choose another --id")
    }
    try FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let name = "\(id).bin"
    let sha256 = try copy(file, to: directory.appendingPathComponent(name), bytes: header.bytes)
    let model = Model(id: id, file: name, source: file.lastPathComponent, header: header, sha256: sha256, added: now)
    models.append(model)
    try write(models)
    return model
  }

  /// Forgets `id` and deletes its file; false when there is no such model.
  public func remove(id: String) throws -> Bool {
    var models = try list()
    guard let index = models.firstIndex(where: { $0.id == id }) else { return false }
    let model = models.remove(at: index)
    try write(models)
    try? FileManager.default.removeItem(at: url(of: model))
    return true
  }

  private func write(_ models: [Model]) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    try encoder.encode(models).write(to: indexURL, options: .atomic)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: indexURL.path)
  }

  /// Copies `source` to `target` through an owner-only partial file, hashing it; returns the SHA-256.
  private func copy(_ source: URL, to target: URL, bytes: Int64) throws -> String {
    let partial = directory.appendingPathComponent(".\(target.lastPathComponent).partial-\(getpid())")
    try? FileManager.default.removeItem(at: partial)
    let descriptor = open(partial.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SpeechEngineLoadError("cannot create \(partial.path): errno \(errno)") }
    let output = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var hasher = SHA256()
    var copied: Int64 = 0
    do {
      let input = try FileHandle(forReadingFrom: source)
      defer { try? input.close() }
      while let chunk = try input.read(upToCount: 4 << 20), !chunk.isEmpty {
        hasher.update(data: chunk)
        try output.write(contentsOf: chunk)
        copied += Int64(chunk.count)
      }
      try output.synchronize()
      try output.close()
      guard copied == bytes else {
        throw SpeechEngineLoadError(
          "\(source.lastPathComponent) changed while it was copied (\(copied) of \(bytes) bytes)")
      }
      try? FileManager.default.removeItem(at: target)
      try FileManager.default.moveItem(at: partial, to: target)
    } catch {
      try? FileManager.default.removeItem(at: partial)
      if error is SpeechEngineLoadError { throw error }
      throw SpeechEngineLoadError(
        "could not copy \(source.lastPathComponent) into \(directory.path): \(error.localizedDescription)")
    }
    return hasher.finalize().map { String(format: "%02x", $0) }.joined()
  }
}

extension JSONDecoder {
  fileprivate static var withDates: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}
