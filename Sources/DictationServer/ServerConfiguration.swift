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
  /// Cores the workers share (each engine call gets `cores / workers` threads unless `threadsPerCall` says).
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
  /// Seconds from a connection's accept to the end of its first request's headers; past it the connection is closed.
  public var headerTimeout: Double = 10
  /// Seconds a request's body may take to arrive, from its headers; past it the client gets 408 and is closed.
  public var bodyTimeout: Double = 120
  /// Seconds a live WebSocket may go without an audio frame before it is closed and its place freed (pings go out at
  /// half this interval; a client that answers none is closed too).
  public var liveIdleTimeout: Double = 15
  /// Connections open at once; more wait to be accepted. Kept below the process's descriptor limit.
  public var maxConnections: Int = ServerConfiguration.connectionLimit()
  /// Connections open at once from one address; more are closed as they arrive.
  public var maxConnectionsPerAddress: Int = 64
  /// The longest uploaded audio decoded, in seconds; longer is refused with 413 as soon as decoding finds it
  /// (each second held costs 64 KB, so an hour is 230 MB).
  public var maxAudioSeconds: Double = 3600
  /// Uploads decoded at once; more wait their turn (each may hold up to `maxAudioSeconds` of audio).
  public var decodesAtOnce: Int = max(1, min(2, ProcessInfo.processInfo.activeProcessorCount / 2))
  /// Threads each engine call gets, whatever the load, so a file gives the same text alone or among many (nil: the
  /// cores shared by the workers, `cores / workers`).
  public var threadsPerCall: Int?
  /// Keep serving (`/health`, and 503 with the reason elsewhere) when the engine cannot load, instead of stopping.
  public var waitForEngine = false
  /// Where the folder of uploads being decoded is made (nil: the system's temporary folder).
  public var uploadFolder: URL?

  /// The threads of one engine call: `threadsPerCall`, else the cores each worker has to itself.
  public var engineThreads: Int { max(1, threadsPerCall ?? cores / workers) }

  /// Three quarters of the process's open-file limit, and 64 below it (at least 16), so that decodes, the store, logs
  /// and the listening socket still have descriptors when every connection is taken.
  public static func connectionLimit() -> Int {
    var limit = rlimit()
    #if os(Linux)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    guard getrlimit(resource, &limit) == 0 else { return 256 }
    let soft = Int(min(limit.rlim_cur, 1 << 20))
    return max(16, min(soft * 3 / 4, soft - 64))
  }

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
