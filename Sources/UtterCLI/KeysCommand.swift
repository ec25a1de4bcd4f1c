import ArgumentParser
import CLISupport
import Foundation
import KeyStore
import Storage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `utter keys`: API keys for cloud providers, kept in a 0600 file in the user-data folder.
struct KeysCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keys",
    abstract: "Manage API keys for cloud speech and LLM providers.",
    discussion: """
      Keys are stored in keys.json in the user-data folder, readable by you only (mode 0600). Environment \
      variables (OPENAI_API_KEY, GROQ_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY, MISTRAL_API_KEY, \
      DEEPGRAM_API_KEY, or UTTER_<PROVIDER>_API_KEY) override a stored key. Keys are never printed in full.
      """,
    subcommands: [Set.self, List.self, Remove.self]
  )

  /// The store the CLI uses: the keys file, with environment variables on top.
  static func store(dataDir: String?) -> (file: FileSecretStore, layered: LayeredSecretStore) {
    let file = FileSecretStore(directory: Locations.dataDirectory(override: dataDir))
    return (file, LayeredSecretStore(store: file, environment: ProcessInfo.processInfo.environment))
  }

  struct Set: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Store the key for a provider (read from standard input when not given).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Provider id: openai, groq, anthropic, gemini, mistral, deepgram, or your own name.")
    var provider: String
    @Argument(help: "The key. Leave it out to paste it on standard input and keep it out of shell history.")
    var key: String?

    func run() async throws {
      let (file, _) = KeysCommand.store(dataDir: global.dataDir)
      let name = try oneLineError { try ProviderName.normalized(provider) }
      let value: String
      if let key {
        value = key
        printError("note: a key given as an argument stays in your shell history; next time leave it out and paste it")
      } else {
        guard let read = readSecret(prompt: "Paste the key for \(name) and press Return: ") else {
          throw CLIError("no key on standard input")
        }
        value = read
      }
      try oneLineError { try file.set(value, for: name) }
      let masked = SecretMask.mask(value)
      print("Stored the key for \(name) (\(masked)) in \(file.fileURL.path)")
      let variable = EnvironmentKeys.variable(for: name)
      if EnvironmentKeys.key(for: name, in: ProcessInfo.processInfo.environment) != nil {
        printError("note: $\(variable) is set and overrides the stored key")
      }
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show which providers have a key (masked).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
      let (file, layered) = KeysCommand.store(dataDir: global.dataDir)
      do {
        if case .repaired(let mode) = try file.checkPermissions() {
          printError(
            "warning: \(file.fileURL.path) was readable by others (mode \(String(mode, radix: 8))); it is now 0600")
        }
        let names = try layered.list()
        guard !names.isEmpty else {
          print("No keys yet. Add one with: utter keys set openai")
          return
        }
        let stored = Swift.Set(try file.list())
        var table = TextTable("provider", "key", "from")
        for name in names {
          guard let resolved = try layered.resolve(name) else { continue }
          var source = resolved.source.description
          if case .environment = resolved.source, stored.contains(name) { source += " (overrides the stored key)" }
          table.add(name, SecretMask.mask(resolved.key), source)
        }
        table.print()
      } catch {
        throw CLIError("\(error)")
      }
    }
  }

  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Delete the stored key for a provider.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Provider id.")
    var provider: String

    func run() async throws {
      let (file, _) = KeysCommand.store(dataDir: global.dataDir)
      try removeReporting(
        missing: "no stored key for \(provider.lowercased())", done: "Removed the key for \(provider.lowercased())."
      ) { try file.remove(provider) }
      if EnvironmentKeys.key(for: provider, in: ProcessInfo.processInfo.environment) != nil {
        printError("note: $\(EnvironmentKeys.variable(for: provider)) is still set")
      }
    }
  }
}

/// Reads one line from standard input; on a terminal, shows `prompt` and hides what is typed.
func readSecret(prompt: String) -> String? {
  let interactive = isatty(STDIN_FILENO) == 1
  var saved = termios()
  if interactive {
    FileHandle.standardError.write(Data(prompt.utf8))
    tcgetattr(STDIN_FILENO, &saved)
    var hidden = saved
    hidden.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
  }
  let line = readLine(strippingNewline: true)
  if interactive {
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    FileHandle.standardError.write(Data("\n".utf8))
  }
  guard let line, !line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
  return line
}
