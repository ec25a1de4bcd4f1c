import Foundation

/// Where Utter keeps its files on a desktop or server (the app uses its own containers).
public enum Locations {
  /// The user-data folder: `override`, else `$UTTER_HOME`, else the platform's user-data folder.
  public static func dataDirectory(
    override: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let override, !override.isEmpty { return URL(fileURLWithPath: expandTilde(override), isDirectory: true) }
    return folder(
      variable: "UTTER_HOME", macOS: "Library/Application Support/Utter", xdg: ("XDG_DATA_HOME", ".local/share"),
      leaf: "utter", environment: environment)
  }

  /// Engine libraries and models: kept apart from user data so that pointing `UTTER_HOME` elsewhere loses
  /// nothing. `$UTTER_ENGINES`, else the platform's cache folder.
  public static func engineDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    folder(
      variable: "UTTER_ENGINES", macOS: "Library/Caches/Utter/engines", xdg: ("XDG_CACHE_HOME", ".cache"),
      leaf: "utter/engines", environment: environment)
  }

  /// `$variable`, else on macOS `~/macOS`, elsewhere `$XDG_…/leaf` or `~/<XDG default>/leaf`.
  static func folder(
    variable: String, macOS: String, xdg: (variable: String, home: String), leaf: String,
    environment: [String: String]
  ) -> URL {
    if let dir = environment[variable], !dir.isEmpty {
      return URL(fileURLWithPath: expandTilde(dir), isDirectory: true)
    }
    #if os(macOS)
      return homeDirectory(environment).appendingPathComponent(macOS, isDirectory: true)
    #else
      if let base = environment[xdg.variable], !base.isEmpty {
        return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent(leaf, isDirectory: true)
      }
      return homeDirectory(environment).appendingPathComponent("\(xdg.home)/\(leaf)", isDirectory: true)
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
