/// Apple's required-reason APIs: a target whose code calls one must declare its category in its privacy manifest
/// (`PrivacyInfo.xcprivacy`, `NSPrivacyAccessedAPITypes`) with an approved reason, or App Store Connect rejects the
/// upload (ITMS-91053). Apple, "Describing use of required reason API"
/// (https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api).
public enum RequiredReasonAPI: String, Sendable, CaseIterable {
  case userDefaults = "NSPrivacyAccessedAPICategoryUserDefaults"
  case fileTimestamp = "NSPrivacyAccessedAPICategoryFileTimestamp"
  case systemBootTime = "NSPrivacyAccessedAPICategorySystemBootTime"
  case diskSpace = "NSPrivacyAccessedAPICategoryDiskSpace"
  case activeKeyboards = "NSPrivacyAccessedAPICategoryActiveKeyboards"

  /// Names in Swift source that call an API of the category (as Apple lists them).
  public var symbols: [String] {
    switch self {
    case .userDefaults: ["UserDefaults", "NSUserDefaults"]
    case .fileTimestamp:
      [
        "creationDate", "modificationDate", "fileModificationDate", "contentModificationDateKey",
        "creationDateKey", "getattrlist", "fstat(", "fstatat(", "lstat(", " stat(",
      ]
    case .systemBootTime: ["systemUptime", "mach_absolute_time"]
    case .diskSpace:
      [
        "volumeAvailableCapacity", "systemFreeSize", "systemSize", "statfs(", "statvfs(", "fstatfs(",
        "volumeTotalCapacity",
      ]
    case .activeKeyboards: ["activeInputModes"]
    }
  }

  /// The reasons Apple approves for an app or extension's own use (third-party SDK wrapper reasons left out).
  public var approvedReasons: Set<String> {
    switch self {
    case .userDefaults: ["CA92.1", "1C8F.1", "AC6B.1"]
    case .fileTimestamp: ["DDA9.1", "C617.1", "3B52.1"]
    case .systemBootTime: ["35F9.1", "8FFB.1", "3D61.1"]
    case .diskSpace: ["85F4.1", "E174.1", "7D9E.1", "B728.1"]
    case .activeKeyboards: ["3EC4.1", "54BD.1"]
    }
  }

  /// The categories Swift `source` calls, read outside comments and string literals.
  public static func used(in source: String) -> Set<RequiredReasonAPI> {
    let code = source.split(separator: "\n", omittingEmptySubsequences: false).map(codeOnly).joined(separator: "\n")
    return Set(allCases.filter { category in category.symbols.contains { code.contains($0) } })
  }

  /// A line without its string literals' contents and its `//` comment.
  static func codeOnly(_ line: Substring) -> String {
    var code = ""
    var inString = false
    var previous: Character = " "
    for character in line {
      if inString {
        if character == "\"" && previous != "\\" { inString = false }
      } else if character == "\"" {
        inString = true
      } else if character == "/" && previous == "/" {
        code.removeLast()
        break
      } else {
        code.append(character)
      }
      previous = character
    }
    return " " + code
  }
}
