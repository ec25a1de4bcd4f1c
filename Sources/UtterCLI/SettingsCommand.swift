import ArgumentParser
import Foundation
import Storage

struct SettingsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "settings", abstract: "Read and change preferences.",
    subcommands: [
      SettingsGetCommand.self, SettingsSetCommand.self, SettingsResetCommand.self,
      SettingsExportKeyboardCommand.self,
    ],
    defaultSubcommand: SettingsGetCommand.self)
}

struct SettingsGetCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "get", abstract: "Print one setting's value, or every setting with what it means.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "A setting's key; omit to list all.") var key: String?
  @Flag(help: "Print JSON.") var json = false

  func run() async throws {
    let database = try openStore(global, applyRetention: false)
    let settings = try storeCall { try database.settings() }
    if let key {
      let value = try storeCall { try settings.value(forKey: key) }
      return json ? try printJSON([key.lowercased(): value]) : print(value)
    }
    if json { return try printJSON(settings) }
    let width = UtterSettings.descriptors.map(\.key.count).max() ?? 0
    for descriptor in UtterSettings.descriptors {
      let value = (try? settings.value(forKey: descriptor.key)) ?? ""
      print(
        "\(StoreText.pad(descriptor.key, width))  \(StoreText.pad(value.isEmpty ? "\"\"" : value, 10))  # \(descriptor.summary)"
      )
    }
  }
}

struct SettingsSetCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "set", abstract: "Change a setting.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The setting's key (see 'utter settings get').") var key: String
  @Argument(help: "The new value.") var value: String

  func run() async throws {
    let database = try openStore(global, applyRetention: false)
    let before = try storeCall { try database.historyCount() }
    let settings = try storeCall { try database.setSetting(key, to: value) }
    let shown = (try? settings.value(forKey: key)) ?? value
    print("\(key.lowercased()) = \(shown)")
    let deleted = before - ((try? database.historyCount()) ?? before)
    if deleted > 0 { print("Deleted \(deleted) dictation(s) that the new retention no longer keeps.") }
    if !settings.retention.keepsHistory, key.lowercased() == "retention" {
      print("History is off: dictations will not be stored.")
    }
  }
}

struct SettingsResetCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reset", abstract: "Put one setting, or all of them, back to the default.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "A setting's key; omit to reset everything.") var key: String?

  func run() async throws {
    let database = try openStore(global, applyRetention: false)
    try storeCall {
      if let key {
        var settings = try database.settings()
        try settings.resetValue(forKey: key)
        try database.saveSettings(settings)
        print("\(key.lowercased()) = \(try settings.value(forKey: key))")
      } else {
        try database.resetSettings()
        print("All settings are back to their defaults.")
      }
    }
  }
}

struct SettingsExportKeyboardCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export-keyboard",
    abstract: "Write the keyboard's settings (appearance, timeout, haptics, sounds, language) as JSON into a folder.")
  @OptionGroup var global: GlobalOptions
  @Option(help: "The shared container folder.") var container: String

  func run() async throws {
    let database = try openStore(global, applyRetention: false)
    let folder = URL(fileURLWithPath: (container as NSString).expandingTildeInPath, isDirectory: true)
    let url = try storeCall { try database.exportKeyboardSettings(to: folder) }
    print("Wrote \(url.path).")
  }
}
