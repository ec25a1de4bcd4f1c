import Foundation
import HTTPTransport
import LiveWire

/// Why dictating through a server failed, in one line a user can act on.
public struct RemoteDictationError: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Kind: Sendable, Hashable {
    /// The server has no live WebSocket (an OpenAI-compatible server that is not `utter serve`): send the recording
    /// as a file instead.
    case notOffered
    /// The server refused (a bad key, busy, still loading), with its HTTP status.
    case refused(status: Int)
    /// The connection failed or the server broke off.
    case failed
  }

  public var kind: Kind
  public var message: String
  public var description: String { message }

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }
}

/// One dictation through a server's live WebSocket: audio goes up as it is recorded, the live text comes back while
/// the user speaks (`updates`), and the final text (cleaned up by the server's own dictionary) at `finish()`.
public actor LiveDictation {
  /// Each revision of the live text, until the final text comes.
  public nonisolated let updates: AsyncStream<LiveMessage>
  /// The engine and model the server reads with.
  public nonisolated let engine: String
  public nonisolated let model: String
  private let connection: any LiveSocketConnection
  private let updateSink: AsyncStream<LiveMessage>.Continuation
  private var outcome: Result<LiveMessage, RemoteDictationError>?
  private var waiters: [CheckedContinuation<LiveMessage, any Error>] = []
  private var reader: Task<Void, Never>?

  private init(connection: any LiveSocketConnection, ready: LiveMessage) {
    self.connection = connection
    engine = ready.engine ?? ""
    model = ready.model ?? ""
    (updates, updateSink) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(64))
  }

  /// Opens a live dictation on `server` and waits until its engine is ready.
  ///
  /// - Parameters:
  ///   - language: the spoken language (nil: the server's setting).
  ///   - prompt: words the engine should expect, e.g. the dictionary's terms.
  ///   - raw: the final text is the engine's words, without the server's clean-up.
  ///   - transport: how WebSockets are opened (`LiveSockets.live`).
  ///   - http: used only when the server refuses the WebSocket, to read why.
  public static func open(
    _ server: RemoteServer, language: String? = nil, prompt: String? = nil, raw: Bool = false,
    transport: any LiveSocketTransport, http: any HTTPClient
  ) async throws -> LiveDictation {
    guard let url = server.liveURL(language: language, prompt: prompt, raw: raw) else {
      throw RemoteDictationError(.failed, "\(server.baseURL) is not a server address")
    }
    let connection: any LiveSocketConnection
    do {
      connection = try await transport.open(url, headers: server.headers)
    } catch LiveSocketError.notUpgraded {
      throw await refusal(server: server, url: url, http: http)
    } catch LiveSocketError.failed(let reason) {
      throw RemoteDictationError(.failed, "cannot reach \(server.baseURL): \(reason)")
    }
    // The first message says whether the engine is ready.
    while true {
      guard let frame = try? await connection.receive() else {
        await connection.close()
        throw RemoteDictationError(.failed, "the server closed the live dictation before it was ready")
      }
      guard case .text(let text) = frame, let message = LiveMessage.parse(text) else { continue }
      if message.type == .error {
        await connection.close()
        throw RemoteDictationError(.failed, "the server refused the live dictation: \(message.message ?? "no reason")")
      }
      guard message.type == .ready else { continue }
      let dictation = LiveDictation(connection: connection, ready: message)
      await dictation.startReading()
      return dictation
    }
  }

  /// Sends recorded audio (16 kHz mono, -1...1).
  public func send(_ samples: [Float]) async throws {
    if case .failure(let error) = outcome { throw error }
    do {
      try await connection.send(.binary(LivePCM.encode(samples)))
    } catch {
      throw RemoteDictationError(.failed, "the server stopped taking audio: \(error)")
    }
  }

  /// Tells the server the user is done and waits for the final text.
  public func finish() async throws -> LiveMessage {
    if outcome == nil {
      do { try await connection.send(.text(LiveMessage.stop.json)) } catch {
        end(.failure(RemoteDictationError(.failed, "the server stopped taking audio: \(error)")))
      }
    }
    let final = try await finalMessage()
    await connection.close()
    return final
  }

  /// Gives up on this dictation and closes the socket.
  public func cancel() async {
    end(.failure(RemoteDictationError(.failed, "cancelled")))
    reader?.cancel()
    await connection.close()
  }

  private func finalMessage() async throws -> LiveMessage {
    if let outcome { return try outcome.get() }
    return try await withCheckedThrowingContinuation { waiters.append($0) }
  }

  private func startReading() {
    let connection = connection
    reader = Task { [weak self] in
      while true {
        let frame: SocketFrame?
        do { frame = try await connection.receive() } catch {
          await self?.end(.failure(RemoteDictationError(.failed, "the live dictation broke off: \(error)")))
          return
        }
        guard let frame else {
          await self?.end(.failure(RemoteDictationError(.failed, "the server closed before the final text")))
          return
        }
        guard case .text(let text) = frame, let message = LiveMessage.parse(text) else { continue }
        await self?.received(message)
      }
    }
  }

  private func received(_ message: LiveMessage) {
    switch message.type {
    case .live: updateSink.yield(message)
    case .final: end(.success(message))
    case .error: end(.failure(RemoteDictationError(.failed, message.message ?? "the server failed")))
    case .ready, .stop: break
    }
  }

  private func end(_ result: Result<LiveMessage, RemoteDictationError>) {
    guard outcome == nil else { return }
    outcome = result
    updateSink.finish()
    for waiter in waiters { waiter.resume(with: result.mapError { $0 as any Error }) }
    waiters.removeAll()
  }

  /// Why the server answered the upgrade with HTTP: the same address asked without upgrading gives its error.
  private static func refusal(server: RemoteServer, url: URL, http: any HTTPClient) async -> RemoteDictationError {
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    let secure = url.scheme == "wss"
    components?.scheme = secure ? "https" : "http"
    guard let plain = components?.url,
      let response = try? await http.send(HTTPRequest(url: plain, headers: server.headers, timeout: 10))
    else {
      return RemoteDictationError(.failed, "\(server.baseURL) refused the live dictation")
    }
    if response.status == 404 || response.status == 405 {
      return RemoteDictationError(.notOffered, "\(server.baseURL) offers no live dictation")
    }
    let message = (try? response.decode(OpenAIErrorBody.self))?.error.message ?? "HTTP \(response.status)"
    return RemoteDictationError(.refused(status: response.status), message)
  }
}

/// OpenAI's error shape: `{"error": {"message": …, "type": …, "code": …}}`.
struct OpenAIErrorBody: Decodable {
  struct Detail: Decodable { var message: String }
  var error: Detail
}
