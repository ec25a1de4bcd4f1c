#if canImport(Darwin)
  import Foundation

  /// The channel's change signal on iOS: one Darwin notification per channel file.
  public struct DarwinChangeNotifier: ChangeNotifier {
    public init() {}

    // NB: Darwin names carry no payload: every result shares one signal, reported as a change of `state.json`.
    static let resultsName = "result"
    private static let prefix = "app.utter.channel."
    private static let observedNames = [ChannelFile.commands, ChannelFile.state, resultsName]

    public func post(_ name: String) {
      DarwinNotificationCenter.shared.post(Self.prefix + Self.signalName(for: name))
    }

    public func changes() -> AsyncStream<String> {
      let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(32))
      let observations = Self.observedNames.map { name in
        DarwinNotificationCenter.shared.observe(Self.prefix + name) {
          continuation.yield(name == Self.resultsName ? ChannelFile.state : name)
        }
      }
      continuation.onTermination = { _ in observations.forEach { $0.cancel() } }
      return stream
    }

    private static func signalName(for fileName: String) -> String {
      ChannelFile.resultID(inFileName: fileName) == nil ? fileName : resultsName
    }
  }
#endif
