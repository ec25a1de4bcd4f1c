import ArgumentParser
import CLISupport
import Foundation
import HTTPTransport
import KeyStore
import LLMPolish

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `utter command "INSTRUCTION"`: rewrites the text on standard input as instructed and prints the result.
struct CommandModeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "command",
    abstract: "Rewrite text as instructed with an LLM: the selection on stdin, the rewrite on stdout.",
    discussion: """
      Examples:
        pbpaste | utter command "make this more concise"
        echo "see you tomorrow" | utter command "translate to Spanish" --provider anthropic
        utter command "write a haiku about rain" --provider ollama --model llama3.2 < /dev/null
      Without --provider, the first of openai, anthropic, gemini, groq, mistral with a key is used. On any \
      failure nothing is printed on stdout and the exit status is 1, so the selection can stay as it was.
      """
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "What to do with the text, e.g. \"turn into bullet points\".")
  var instruction: String
  @Option(help: "LLM provider: openai, anthropic, gemini, groq, mistral, ollama, lmstudio, openai-compatible.")
  var provider: String?
  @Option(help: "Model id (default: the provider's).")
  var model: String?
  @Option(name: .customLong("base-url"), help: "API root, e.g. http://localhost:11434/v1.")
  var baseURL: String?
  @Option(parsing: .unconditional, help: "Seconds to wait for the model, 1 to 600.")
  var timeout: Double = 30

  func validate() throws {
    try OptionRange.check(timeout, 1...600, option: "--timeout")
  }

  func run() async throws {
    let (_, keys) = KeysCommand.store(dataDir: global.dataDir)
    let selection: String
    if isatty(STDIN_FILENO) == 1 {
      selection = ""
    } else {
      let data = FileHandle.standardInput.readDataToEndOfFile()
      selection = String(decoding: data, as: UTF8.self)
    }
    let base: URL?
    if let baseURL {
      guard let url = URL(string: baseURL), url.scheme == "http" || url.scheme == "https" else {
        throw CLIError("--base-url must be an http(s) URL")
      }
      base = url
    } else {
      base = nil
    }
    guard let id = provider ?? LLMProviderCatalog.firstConfigured(in: keys)?.id else {
      throw CLIError(
        "no LLM provider has a key: run `utter keys set openai` (or anthropic, gemini, groq, mistral), "
          + "or pass --provider ollama")
    }
    guard timeout > 0, timeout <= 600 else { throw CLIError("--timeout must be between 0 and 600 seconds") }
    let llm = try oneLineError {
      try LLMProviderCatalog.make(
        id: id, keys: keys, http: RetryingHTTPClient(LiveHTTPClient()), model: model, baseURL: base)
    }
    // The selection keeps its trailing newline out of the prompt, and the rewrite gets one back for the terminal.
    let trimmedSelection = selection.hasSuffix("\n") ? String(selection.dropLast()) : selection
    let result = try await oneLineError {
      try await CommandMode(provider: llm, timeout: .milliseconds(Int(timeout * 1000)))
        .rewrite(selection: trimmedSelection, instruction: instruction)
    }
    print(result.text)
  }
}
