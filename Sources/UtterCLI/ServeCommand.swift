import ArgumentParser
import CLISupport
import Dictation
import DictationServer
import Foundation
import Logging
import SpeechEngine

/// `utter serve`: the OpenAI-compatible Utter server; a thin wrapper over `DictationServer`.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve dictation over HTTP: OpenAI-compatible transcription, clean-up and live text.",
    discussion: """
      POST /v1/audio/transcriptions (OpenAI's API: multipart file, model (one of --model), language, prompt, \
      response_format json, text, verbose_json (word times with timestamp_granularities[]=word), srt or vtt; \
      Utter's clean-up unless cleanup=false; stream=true for OpenAI's server-sent events, the words as each stretch \
      of speech is read), POST /v1/format (the clean-up alone), GET /v1/audio/live (a WebSocket: 16 kHz PCM in, \
      live and final text out), GET /v1/models (the models served), GET /metrics \
      (Prometheus). Every endpoint but GET /health and GET /ready needs 'Authorization: Bearer TOKEN', a token \
      from $UTTER_SERVER_TOKEN (several separated by commas) or from `utter serve tokens add`. Clean-up and polish \
      follow the data folder's settings, dictionary and snippets; nothing is kept in history. Runs until SIGTERM or \
      SIGINT, then finishes the requests in flight. Put it behind a reverse proxy for TLS.
      """,
    subcommands: [ServeTokensCommand.self]
  )

  @OptionGroup var global: GlobalOptions

  @Option(help: "Address to listen on (0.0.0.0 for every interface).")
  var host: String = "127.0.0.1"

  @Option(parsing: .unconditional, help: "Port to listen on (0: any free port; the log says which).")
  var port: Int = 8080

  @Option(help: "Speech engine id (default: the engine in settings, else whisper).")
  var engine: String?

  @Option(
    help: ArgumentHelp(
      "A model to serve; repeat it for several, the first being the default (default: the model in settings).",
      discussion: """
        A model id, e.g. tiny.en, or one added with `utter engines add`. A request's 'model' picks one; OpenAI's \
        names (whisper-1, gpt-4o-transcribe…) read with the first.
        """))
  var model: [String] = []

  @Option(
    parsing: .unconditional,
    help: "Engines reading at once per model, each with its model in memory (default: one per core).")
  var workers: Int?

  @Option(parsing: .unconditional, help: "Requests that may wait for a worker; more are answered 429.")
  var queue: Int = 16

  @Option(parsing: .unconditional, help: "Largest upload, in MB.")
  var maxUploadMB: Int = 25

  @Option(parsing: .unconditional, help: "Longest a request may take, in seconds.")
  var requestTimeout: Double = 300

  @Option(parsing: .unconditional, help: "Seconds a connection may send nothing before it is closed.")
  var idleTimeout: Double = 60

  @Option(
    parsing: .unconditional,
    help: "Seconds from a connection's accept to the end of its request's headers; past it the connection is closed.")
  var headerTimeout: Double = 10

  @Option(parsing: .unconditional, help: "Seconds an upload may take to arrive; past it the client gets 408.")
  var bodyTimeout: Double = 120

  @Option(
    parsing: .unconditional,
    help: "Seconds a live WebSocket may send no audio before it is closed (pings go out at half this).")
  var liveIdleTimeout: Double = 15

  @Option(
    parsing: .unconditional,
    help: "Connections open at once (default: well below the open-file limit); more wait to be accepted.")
  var maxConnections: Int?

  @Option(
    parsing: .unconditional,
    help: "Connections open at once from one address; more are closed. Raise it behind a reverse proxy.")
  var maxConnectionsPerIP: Int = 64

  @Option(
    parsing: .unconditional,
    help: "Longest uploaded audio decoded, in seconds; longer is refused with 413 (an hour holds 230 MB).")
  var maxAudioDuration: Double = 3600

  @Option(
    parsing: .unconditional,
    help: "Uploads decoded at once (default: 1, or 2 on 4 cores or more); more wait their turn.")
  var decodes: Int?

  @Option(
    parsing: .unconditional,
    help: "Threads of each engine call, whatever the load, so a file gives the same text (default: cores / workers).")
  var threadsPerRequest: Int?

  @Flag(help: "Keep serving when the engine cannot load (/ready says why) instead of exiting with an error.")
  var waitForEngine = false

  func validate() throws {
    guard Set(model).count == model.count else { throw ValidationError("--model names a model twice") }
    guard maxAudioDuration >= 1 else { throw ValidationError("--max-audio-duration must be at least 1 second") }
    try OptionRange.check(port, 0...65535, option: "--port")
    try OptionRange.check(workers, 1...64, option: "--workers")
    try OptionRange.check(queue, 0...10_000, option: "--queue")
    try OptionRange.check(maxUploadMB, 1...2000, option: "--max-upload-mb")
    try OptionRange.check(decodes, 1...64, option: "--decodes")
    try OptionRange.check(threadsPerRequest, 1...256, option: "--threads-per-request")
    guard requestTimeout >= 1, idleTimeout >= 1 else {
      throw ValidationError("--request-timeout and --idle-timeout must be at least 1 second")
    }
    guard headerTimeout >= 0.1, bodyTimeout >= 0.1, liveIdleTimeout >= 0.2 else {
      throw ValidationError("--header-timeout, --body-timeout and --live-idle-timeout must be positive")
    }
    guard (maxConnections ?? 16) >= 2, maxConnectionsPerIP >= 1 else {
      throw ValidationError("--max-connections must be at least 2 and --max-connections-per-ip at least 1")
    }
  }

  func run() async throws {
    let logger = SessionLogging.logger("utter.serve")
    let tokens = ServerTokens(dataDirectory: global.dataDirectory, environment: ProcessInfo.processInfo.environment)
    do {
      guard try !tokens.isEmpty() else {
        throw CLIError(
          "no token: set \(ServerTokens.environmentVariable) or run `utter serve tokens add NAME`; every request needs one"
        )
      }
    } catch let error as ServerTokenError {
      throw CLIError("\(error)")
    }
    let dictation = CLIDictation(dataDirectory: global.dataDirectory)
    if let warning = dictation.openWarning { logger.warning("\(warning)") }
    let pipeline = dictation.pipeline(source: .cli, keepInHistory: false)
    if let notice = pipeline.formatter.unavailablePolish { logger.warning("\(notice)") }
    let choices = (model.isEmpty ? [nil] : model.map(Optional.some)).map {
      pipeline.settings.engine(id: engine, model: $0)
    }
    let dataDirectory = global.dataDirectory
    let ownServer = URL(string: pipeline.settings.settings.engineBaseURL).flatMap { $0.host == nil ? nil : $0 }
    let makeEngines = choices.map { choice -> @Sendable () async throws -> any SpeechEngine in
      {
        if choice.id == HostEngines.testEngineID { return DurationEngine() }
        return try await EngineFactory.registry(dataDirectory: dataDirectory, ownServer: ownServer).makeEngine(
          id: choice.id, model: choice.model)
      }
    }
    var configuration = ServerConfiguration(
      host: host, port: port, workers: workers, queueLength: queue, maxUploadBytes: maxUploadMB * 1_000_000,
      requestTimeout: requestTimeout, idleTimeout: idleTimeout)
    configuration.headerTimeout = headerTimeout
    configuration.bodyTimeout = bodyTimeout
    configuration.liveIdleTimeout = liveIdleTimeout
    if let maxConnections { configuration.maxConnections = maxConnections }
    configuration.maxConnectionsPerAddress = maxConnectionsPerIP
    configuration.maxAudioSeconds = maxAudioDuration
    if let decodes { configuration.decodesAtOnce = decodes }
    configuration.threadsPerCall = threadsPerRequest
    configuration.waitForEngine = waitForEngine
    let models = choices.compactMap(\.model).joined(separator: ", ")
    logger.info(
      "serving engine \(choices[0].id)\(models.isEmpty ? "" : " \(models)") on \(configuration.workers) worker(s) per model, queue \(configuration.queueLength)"
    )
    let server = DictationServer(
      configuration: configuration, pipeline: pipeline, makeEngines: makeEngines, tokens: tokens, logger: logger)
    do {
      try await server.run()
    } catch let error as EngineUnavailable {
      throw CLIError("\(error); `utter serve --wait-for-engine` keeps serving without it")
    } catch {
      throw CLIError("the server stopped: \(error)")
    }
    try? dictation.database?.close()
  }
}

/// `utter serve tokens`: the bearer tokens the server accepts, kept hashed.
struct ServeTokensCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tokens",
    abstract: "Make, list and revoke the server's bearer tokens.",
    discussion: """
      Tokens are kept as SHA-256 hashes in server-tokens.json in the data folder (mode 0600); a token is printed \
      once, when it is made. A running server sees a change at its next request.
      """,
    subcommands: [Add.self, List.self, Revoke.self]
  )

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Make a token and print it (only this once).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "A name for the token (who or what uses it), e.g. phone.")
    var name: String

    func run() async throws {
      let tokens = ServerTokens(dataDirectory: global.dataDirectory)
      print(try oneLineError { try tokens.add(name: name) })
      printError("utter: keep this token now: it is stored hashed and cannot be shown again")
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the tokens' names and when they were made.")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
      let entries = try oneLineError { try ServerTokens(dataDirectory: global.dataDirectory).entries() }
      let formatter = ISO8601DateFormatter()
      for entry in entries { print("\(entry.name)\t\(formatter.string(from: entry.created))") }
      if ProcessInfo.processInfo.environment[ServerTokens.environmentVariable]?.isEmpty == false {
        printError("utter: \(ServerTokens.environmentVariable) is set too; its tokens are accepted as well")
      }
    }
  }

  struct Revoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Forget a token; requests with it get 401.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The token's name.")
    var name: String

    func run() async throws {
      try removeReporting(missing: "no token named '\(name)'", done: "revoked \(name)") {
        try ServerTokens(dataDirectory: global.dataDirectory).revoke(name: name)
      }
    }
  }
}
