import Dictation
import Foundation
import KeyboardModel
import Locations
import SessionChannel
import Storage
import TestSupport
import Testing

@Suite("The keyboard reads the settings the app shares")
struct KeyboardSettingsSharingTests {
  @Test("what the app shares in the App Group is what the keyboard configures itself with")
  func appWritesKeyboardReads() throws {
    let group = try TemporaryDirectory("utter-app-group")
    defer { group.remove() }
    // Both sides are given only the App Group's folder, as the app and the keyboard extension are on a phone.
    let appSide = SharedFolder(appGroup: group.url)
    let keyboardSide = SharedFolder(appGroup: group.url)
    var settings = UtterSettings()
    settings.pendingOfferWindowSeconds = 45
    settings.sessionTimeout = .never
    settings.language = "fr"
    try KeyboardSettings.share(settings, in: appSide)
    let configuration = try KeyboardConfiguration.shared(in: keyboardSide)
    #expect(configuration.pendingResultWindow == 45, "not the default 120 s")
    let shared = try KeyboardSettings.read(from: keyboardSide)
    #expect(shared.language == "fr")
    #expect(shared.sessionTimeoutSeconds == 0)
  }

  @Test("the file is small sorted JSON, replaced atomically, with nothing left beside it")
  func fileShape() throws {
    let group = try TemporaryDirectory("utter-app-group")
    defer { group.remove() }
    let folder = SharedFolder(appGroup: group.url)
    var settings = UtterSettings()
    settings.appearance = .dark
    settings.sounds = false
    settings.language = "fr"
    settings.pendingOfferWindowSeconds = 45
    let url = try KeyboardSettings.share(settings, in: folder)
    #expect(url == folder.keyboardSettings)
    #expect(
      try String(contentsOf: url, encoding: .utf8)
        == #"{"appearance":"dark","haptics":true,"language":"fr","pendingResultWindowSeconds":45,"sessionTimeoutSeconds":900,"sounds":false,"version":1}"#
    )
    settings.sessionTimeout = .never
    try KeyboardSettings.share(settings, in: folder)
    #expect(try KeyboardSettings.read(from: folder).sessionTimeoutSeconds == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.channel.path) == ["keyboard-settings.json"])
  }

  @Test("a keyboard with nothing shared yet runs on the defaults; a damaged file is an error, not a crash")
  func missingAndDamaged() throws {
    let group = try TemporaryDirectory("utter-app-group")
    defer { group.remove() }
    let folder = SharedFolder(appGroup: group.url)
    #expect(try KeyboardConfiguration.shared(in: folder).pendingResultWindow == 120)
    try FileManager.default.createDirectory(at: folder.channel, withIntermediateDirectories: true)
    try Data("{not json".utf8).write(to: folder.keyboardSettings)
    #expect(throws: (any Error).self) { try KeyboardConfiguration.shared(in: folder) }
  }
}
