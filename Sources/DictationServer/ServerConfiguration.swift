import Foundation

/// How `utter serve` listens and how much it takes on.
public struct ServerConfiguration: Sendable {
  /// The address to bind (`127.0.0.1`: this machine only; `0.0.0.0`: every interface).
  public var host: String
  /// The port; 0 lets the system choose one (the "listening" line says which).
  public var port: Int
  /// Engines reading at once, each with its own model in memory.
  public var workers: Int
  /// Requests that may wait for a worker; more get 429 with `Retry-After`.
  public var queueLength: Int
  /// Cores the workers share (each engine call gets its share of them as threads).
  public var cores: Int
  /// The largest upload taken, in bytes (OpenAI's limit is 25 MB).
  public var maxUploadBytes: Int
  /// The longest a request may take, from its first byte to its answer, in seconds.
  public var requestTimeout: Double
  /// A connection that sends nothing for this long is closed, in seconds.
  public var idleTimeout: Double
  /// The longest live dictation, in seconds of audio.
  public var maxLiveSeconds: Double
  /// Seconds of new audio between two drafts of the live text (nil: confirmed words only).
  public var draftInterval: Double?

  public init(
    host: String = "127.0.0.1", port: Int = 8080, workers: Int? = nil, queueLength: Int = 16, cores: Int? = nil,
    maxUploadBytes: Int = 25_000_000, requestTimeout: Double = 300, idleTimeout: Double = 60,
    maxLiveSeconds: Double = 600, draftInterval: Double? = 0.8
  ) {
    let machine = ProcessInfo.processInfo.activeProcessorCount
    self.host = host
    self.port = port
    self.cores = max(1, cores ?? machine)
    self.workers = max(1, workers ?? self.cores)
    self.queueLength = max(0, queueLength)
    self.maxUploadBytes = maxUploadBytes
    self.requestTimeout = requestTimeout
    self.idleTimeout = idleTimeout
    self.maxLiveSeconds = maxLiveSeconds
    self.draftInterval = draftInterval
  }
}
