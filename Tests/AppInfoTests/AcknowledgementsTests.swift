import AppInfo
import Foundation
import TestSupport
import Testing

/// The notices the About screen lists, from the file shape `scripts/ios-check/notices.py --write` writes.
@Suite("The About screen's licences")
struct AcknowledgementsTests {
  /// The shape of App/Utter/About/Acknowledgements.json, with short texts and the packages out of order.
  static let sample = Data(
    """
    {
      "note": "Written by scripts/ios-check/notices.py --write from the packages the App targets link; do not edit.",
      "packages": [
        {"package": "swift-log", "version": "1.16.2", "licence": "Apache-2.0",
         "licenceText": "\\n                                 Apache License\\n                           Version 2.0, January 2004\\n\\n   1. Definitions.\\n\\n      \\"License\\" shall mean the terms\\n      and conditions.\\n",
         "notice": "The SwiftLog Project\\n\\nCopyright 2018, 2019 The SwiftLog Project\\n",
         "url": "https://github.com/apple/swift-log"},
        {"package": "WhisperKit", "version": "1.0.0", "licence": "MIT", "licenceText": "MIT License\\n",
         "url": "https://github.com/argmaxinc/WhisperKit"},
        {"package": "Utter", "licence": "MIT",
         "licenceText": "MIT License\\n\\nCopyright (c) 2026 The Utter developers\\n\\nPermission is hereby granted, free of charge,\\nto any person obtaining a copy\\n",
         "url": "https://github.com/utter-app/utter"},
        {"package": "GRDB.swift", "version": "7.10.0", "licence": "MIT", "licenceText": "Copyright (C) 2015-2025 Gwendal Roué\\n",
         "url": "https://github.com/groue/GRDB.swift"}
      ]
    }
    """.utf8)

  @Test("Utter's own licence comes first, then the packages by name whatever their case or the file's order")
  func order() throws {
    let notices = try Acknowledgements.decode(Self.sample)
    #expect(notices.map(\.package) == ["Utter", "GRDB.swift", "swift-log", "WhisperKit"])
  }

  @Test("each row says the version built and the licence; Utter's, whose version is the app's, only its licence")
  func summaries() throws {
    let notices = try Acknowledgements.decode(Self.sample)
    #expect(notices.map(\.summary) == ["MIT", "7.10.0 · MIT", "1.16.2 · Apache-2.0", "1.0.0 · MIT"])
  }

  @Test("a licence's paragraphs wrap to the screen, not at the file's line ends; a centred heading keeps its lines")
  func reflowed() throws {
    let notices = try Acknowledgements.decode(Self.sample)
    #expect(
      notices[0].readableText
        == "MIT License\n\nCopyright (c) 2026 The Utter developers\n\n"
        + "Permission is hereby granted, free of charge, to any person obtaining a copy")
    #expect(
      notices[2].readableText
        == "Apache License\nVersion 2.0, January 2004\n\n1. Definitions.\n\n"
        + "\"License\" shall mean the terms and conditions.\n\n―――\n\n"
        + "The SwiftLog Project\n\nCopyright 2018, 2019 The SwiftLog Project")
  }

  @Test("a file that is not the notices' shape, or no file, is an error the screen can show, not a crash")
  func unreadable() {
    let shape = #expect(throws: Acknowledgements.Unreadable.self) { try Acknowledgements.decode(Data("[]".utf8)) }
    #expect(
      shape?.errorDescription == "The licences could not be read: Acknowledgements.json is not the notices' shape.")
    let missing = #expect(throws: Acknowledgements.Unreadable.self) { try Acknowledgements.read(from: nil) }
    #expect(missing?.errorDescription == "The licences could not be read: the app has no Acknowledgements.json.")
  }

  @Test("the file the app bundles starts with Utter's LICENSE, word for word, linking the repository About links")
  func bundledOwnLicence() throws {
    let notices = try Acknowledgements.read(from: PackagePaths.file("App/Utter/About/Acknowledgements.json"))
    let licence = try String(contentsOf: PackagePaths.file("LICENSE"), encoding: .utf8)
    #expect(notices.first?.package == "Utter")
    #expect(notices.first?.licence == "MIT")
    #expect(notices.first?.licenceText == licence)
    #expect(licence.contains("Copyright (c) 2026 The Utter developers"))
    #expect(notices.first?.url == AboutInfo.sourceRepository?.absoluteString)
  }

  @Test("the bundled file names the GRDB and swift-log versions Package.resolved pins, and WhisperKit's 1.0.0")
  func bundledVersions() throws {
    let notices = try Acknowledgements.read(from: PackagePaths.file("App/Utter/About/Acknowledgements.json"))
    let resolved = try JSONDecoder().decode(
      Resolved.self, from: Data(contentsOf: PackagePaths.file("Package.resolved")))
    let pinned = Dictionary(uniqueKeysWithValues: resolved.pins.map { ($0.identity, $0.state.version) })
    let versions = Dictionary(uniqueKeysWithValues: notices.map { ($0.package, $0.version) })
    #expect(versions["GRDB.swift"] == pinned["grdb.swift"])
    #expect(versions["swift-log"] == pinned["swift-log"])
    #expect(versions["WhisperKit"] == "1.0.0")
    let swiftLog = notices.first { $0.package == "swift-log" }
    #expect(swiftLog?.licence == "Apache-2.0")
    #expect(swiftLog?.notice?.contains("The SwiftLog Project") == true, "Apache-2.0 4(d): its NOTICE goes with it")
  }
}

/// The part of Package.resolved these tests read.
private struct Resolved: Decodable {
  struct Pin: Decodable {
    struct State: Decodable { let version: String? }
    let identity: String
    let state: State
  }
  let pins: [Pin]
}
