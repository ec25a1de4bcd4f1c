import AppSettings
import ArgumentParser
import CLISupport
import Dictation
import Foundation
import SessionChannel
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
    let settings = try withStore(global, applyRetention: false) { try $0.settings() }
    if let key {
      let descriptor = try storeCall { try UtterSettings.descriptor(forKey: key) }
      let value = try storeCall { try settings.value(forKey: key) }
      return json ? try printJSON([descriptor.key: value]) : print(value)
    }
    if json {
      // NB: the same keys and value spellings as `settings set` takes, not the stored field names.
      let values = UtterSettings.descriptors.map { ($0.key, (try? settings.value(forKey: $0.key)) ?? "") }
      return try printJSON(Dictionary(values, uniquingKeysWith: { first, _ in first }))
    }
    var table = TextTable("setting", "value", "meaning")
    for descriptor in UtterSettings.descriptors {
      let value = (try? settings.value(forKey: descriptor.key)) ?? ""
      table.add(descriptor.key, value.isEmpty ? "\"\"" : value, descriptor.summary)
    }
    table.print()
  }
}

struct SettingsSetCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "set", abstract: "Change a setting.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The setting's key (see 'utter settings get').") var key: String
  // NB: unconditional, so that a negative number (`typing-speed -5`) is read as a value and then validated.
  @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The new value.", valueName: "value"))
  var words: [String] = []

  func validate() throws {
    guard words.count == 1 else {
      throw ValidationError(words.isEmpty ? "missing the new value" : "expected one value, got \(words.count)")
    }
  }

  func run() async throws {
    let value = words[0]
    let descriptor = try storeCall { try UtterSettings.descriptor(forKey: key) }
    let database = try openStore(global, applyRetention: false)
    let current = try storeCall { try database.settings() }
    try KnownSettingValues.check(key: descriptor.key, value: value, current: current)
    let before = try storeCall { try database.historyCount() }
    let settings = try storeCall { try database.setSetting(key, to: value) }
    let shown = (try? settings.value(forKey: key)) ?? value
    print("\(descriptor.key) = \(shown)")
    let deleted = before - ((try? database.historyCount()) ?? before)
    if deleted > 0 { print("Deleted \(deleted) dictation(s) that the new retention no longer keeps.") }
    if !settings.retention.keepsHistory, descriptor.key == "retention" {
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
    try withStore(global, applyRetention: false) { database in
      if let key {
        var settings = try database.settings()
        try settings.resetValue(forKey: key)
        try database.saveSettings(settings)
        print("\(try UtterSettings.descriptor(forKey: key).key) = \(try settings.value(forKey: key))")
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
    abstract:
      "Write the keyboard's settings (appearance, haptics, sounds, language, dictionary terms) as JSON into a folder.")
  @OptionGroup var global: GlobalOptions
  @Option(help: "The shared container folder.") var container: String

  func run() async throws {
    let folder = URL(fileURLWithPath: (container as NSString).expandingTildeInPath, isDirectory: true)
    let url = try withStore(global, applyRetention: false) {
      try KeyboardSettings.share(from: $0, in: SharedFolder(channel: folder))
    }
    print("Wrote \(url.path).")
  }
}
