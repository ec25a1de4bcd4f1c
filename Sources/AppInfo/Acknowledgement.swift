import Foundation

/// One package whose code the app ships and the licence it ships under: an entry of the app's
/// `Acknowledgements.json`, which `scripts/ios-check/notices.py --write` writes from what the App targets link.
public struct Acknowledgement: Codable, Sendable, Equatable, Identifiable {
  /// The repository's name ("GRDB.swift", "swift-log"), or "Utter" for the app's own licence.
  public var package: String
  /// The version built into the app; none for Utter itself, whose version is the app's.
  public var version: String?
  /// The licence's name, as SPDX spells it ("MIT", "Apache-2.0").
  public var licence: String
  /// The package's LICENSE file, whole.
  public var licenceText: String
  /// The package's NOTICE file, whole, when it has one (Apache-2.0 asks that it go with the work).
  public var notice: String?
  /// Where the package's source is.
  public var url: String

  public var id: String { package }

  public init(
    package: String, version: String? = nil, licence: String, licenceText: String, notice: String? = nil, url: String
  ) {
    self.package = package
    self.version = version
    self.licence = licence
    self.licenceText = licenceText
    self.notice = notice
    self.url = url
  }

  /// The line beside the package's name in the list: "7.10.0 · MIT", or the licence alone when there is no version.
  public var summary: String {
    guard let version, !version.isEmpty else { return licence }
    return "\(version) · \(licence)"
  }

  /// The licence, then its NOTICE, as a phone shows them: each paragraph on one line, so it wraps to the screen
  /// rather than at the file's 80 columns, with a heading set in from the margin (Apache's title) kept line by line.
  public var readableText: String {
    let parts = [licenceText, notice ?? ""].map(Self.reflowed).filter { !$0.isEmpty }
    return parts.joined(separator: "\n\n―――\n\n")
  }

  static func reflowed(_ text: String) -> String {
    var paragraphs: [[Substring]] = [[]]
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.allSatisfy(\.isWhitespace) {
        if !(paragraphs.last?.isEmpty ?? true) { paragraphs.append([]) }
      } else {
        paragraphs[paragraphs.count - 1].append(line)
      }
    }
    return paragraphs.filter { !$0.isEmpty }.map { lines in
      let heading = lines.allSatisfy { $0.prefix(while: { $0 == " " }).count >= 8 }
      let trimmed = lines.map { $0.trimmingCharacters(in: .whitespaces) }
      return trimmed.joined(separator: heading ? "\n" : " ")
    }.joined(separator: "\n\n")
  }
}

/// The app's third-party notices as its About screen lists them.
public enum Acknowledgements {
  /// The bundled file's name, without its `json` extension.
  public static let resourceName = "Acknowledgements"

  /// The file could not be found or is not the notices' shape.
  public struct Unreadable: LocalizedError, Equatable {
    public let reason: String
    /// The line the screen shows in place of the list.
    public var errorDescription: String? { "The licences could not be read: \(reason)." }
  }

  private struct File: Decodable {
    let packages: [Acknowledgement]
  }

  /// The notices in the file's JSON: Utter's own licence first, then the packages by name, case aside.
  public static func decode(_ data: Data) throws -> [Acknowledgement] {
    let packages: [Acknowledgement]
    do {
      packages = try JSONDecoder().decode(File.self, from: data).packages
    } catch {
      throw Unreadable(reason: "\(resourceName).json is not the notices' shape")
    }
    return packages.sorted { first, second in
      let firstOwn = first.package == AboutInfo.appName
      let secondOwn = second.package == AboutInfo.appName
      if firstOwn != secondOwn { return firstOwn }
      return first.package.lowercased() < second.package.lowercased()
    }
  }

  /// The notices in the file at `url` (the app's bundled copy); nil, as `Bundle.url(forResource:)` gives for a file
  /// the build left out, is an error too.
  public static func read(from url: URL?) throws -> [Acknowledgement] {
    guard let url else { throw Unreadable(reason: "the app has no \(resourceName).json") }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw Unreadable(reason: "\(url.lastPathComponent) cannot be opened")
    }
    return try decode(data)
  }
}
