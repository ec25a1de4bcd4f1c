import AppInfo
import Foundation
import Testing

@Suite("The About screen's version line and source link")
struct AboutInfoTests {
  @Test(
    "the version reads as TestFlight writes it, a build equal to the version said once",
    arguments: [
      ("0.1.0", "1", "0.1.0 (1)"),
      ("1.2", "1.2", "1.2"),
      ("1.2", nil, "1.2"),
      ("1.2", "", "1.2"),
      (nil, "7", "build 7"),
      ("", nil, "unknown"),
    ] as [(String?, String?, String)])
  func versionLine(version: String?, build: String?, line: String) {
    #expect(AboutInfo(version: version, build: build).versionLine == line)
  }

  @Test("the version and build come from the Info.plist's CFBundleShortVersionString and CFBundleVersion")
  func fromInfoPlist() {
    let info: [String: Any] = ["CFBundleShortVersionString": "0.1.0", "CFBundleVersion": "12", "CFBundleName": "Utter"]
    #expect(AboutInfo(infoDictionary: info) == AboutInfo(version: "0.1.0", build: "12"))
    #expect(AboutInfo(infoDictionary: nil).versionLine == "unknown")
  }

  @Test("the source link opens the repository over https")
  func sourceRepository() {
    #expect(AboutInfo.sourceRepository?.absoluteString == "https://github.com/utter-app/utter")
    #expect(AboutInfo.sourceRepository?.scheme == "https")
  }
}
