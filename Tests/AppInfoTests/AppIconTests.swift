import Foundation
import TestSupport
import Testing

/// The app icon as App Store Connect takes it: one 1024×1024 PNG with no alpha channel (an upload whose icon has one
/// is refused, ITMS-90717 "Invalid App Store Icon"), in Xcode 26's single-size set.
@Suite("The app icon")
struct AppIconTests {
  static let iconSet = "App/Utter/Assets.xcassets/AppIcon.appiconset"

  @Test("the icon is a 1024×1024 8-bit RGB PNG: colour type 2, no alpha for App Store Connect to refuse")
  func pixels() throws {
    let png = try Data(contentsOf: PackagePaths.file("\(Self.iconSet)/AppIcon.png"))
    #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    let header = [UInt8](png.dropFirst(8).prefix(25))
    #expect(String(decoding: header[4..<8], as: UTF8.self) == "IHDR")
    let number = { (at: Int) in header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    #expect(number(8) == 1024 && number(12) == 1024, "width \(number(8)), height \(number(12))")
    #expect(header[16] == 8, "bit depth")
    #expect(header[17] == 2, "colour type \(header[17]): 2 is RGB; 6 would carry alpha")
    #expect(!png.contains(Data("tRNS".utf8)), "no transparent colour either")
  }

  @Test("the set names that one image for every iPhone size, as Xcode 26's single-size app icon does")
  func contents() throws {
    struct IconSet: Decodable {
      struct Image: Decodable, Equatable { let filename, idiom, platform, size: String }
      let images: [Image]
    }
    let set = try JSONDecoder().decode(
      IconSet.self, from: Data(contentsOf: PackagePaths.file("\(Self.iconSet)/Contents.json")))
    #expect(set.images == [.init(filename: "AppIcon.png", idiom: "universal", platform: "ios", size: "1024x1024")])
  }

  @Test("the app target names the set, so the Home Screen shows it rather than a blank icon")
  func named() throws {
    let spec = try String(contentsOf: PackagePaths.file("App/project.yml"), encoding: .utf8)
    #expect(spec.contains("ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon\n"))
    #expect(FileManager.default.fileExists(atPath: PackagePaths.file(Self.iconSet).path))
  }
}
