import Foundation

/// Where Utter keeps its files on a desktop or server (the app uses its own containers).
public enum Locations {
  /// The user-data folder: `override`, else `$UTTER_HOME`, else the platform's user-data folder.
  public static func dataDirectory(
    override: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let override, !override.isEmpty { return URL(fileURLWithPath: expandTilde(override), isDirectory: true) }
    if let home = environment["UTTER_HOME"], !home.isEmpty {
      return URL(fileURLWithPath: expandTilde(home), isDirectory: true)
    }
    #if os(macOS)
      return homeDirectory(environment).appendingPathComponent("Library/Application Support/Utter", isDirectory: true)
    #else
      if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
        return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("utter", isDirectory: true)
      }
      return homeDirectory(environment).appendingPathComponent(".local/share/utter", isDirectory: true)
    #endif
  }

  /// Engine libraries and models: kept apart from user data so that pointing `UTTER_HOME` elsewhere loses
  /// nothing. `$UTTER_ENGINES`, else the platform's cache folder.
  public static func engineDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    if let dir = environment["UTTER_ENGINES"], !dir.isEmpty {
      return URL(fileURLWithPath: expandTilde(dir), isDirectory: true)
    }
    #if os(macOS)
      return homeDirectory(environment).appendingPathComponent("Library/Caches/Utter/engines", isDirectory: true)
    #else
      if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
        return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("utter/engines", isDirectory: true)
      }
      return homeDirectory(environment).appendingPathComponent(".cache/utter/engines", isDirectory: true)
    #endif
  }

  static func homeDirectory(_ environment: [String: String]) -> URL {
    if let home = environment["HOME"], !home.isEmpty { return URL(fileURLWithPath: home, isDirectory: true) }
    return URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
  }

  static func expandTilde(_ path: String) -> String {
    (path as NSString).expandingTildeInPath
  }
}
