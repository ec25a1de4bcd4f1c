import Foundation

/// Where the real-speech test set and the installed engine are, for tests that need them.
public enum EngineFixtures {
  /// Debian's pocketsphinx-testdata folder.
  public static let pocketsphinxData = URL(fileURLWithPath: "/usr/share/pocketsphinx/test/data")

  /// True when CI demands the engine: then a missing engine fails the test instead of skipping it.
  public static var engineRequired: Bool { ProcessInfo.processInfo.environment["UTTER_REQUIRE_ENGINE"] == "1" }

  /// Reads a file of raw 16 kHz signed 16-bit little-endian samples, or the data of a canonical 44-byte WAV.
  public static func readPCM16(_ url: URL) throws -> [Float] {
    var data = try Data(contentsOf: url)
    if data.starts(with: Array("RIFF".utf8)) { data = data.dropFirst(44) }
    return data.withUnsafeBytes { bytes in
      (0..<(bytes.count / 2)).map {
        Float(Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self))) / 32768
      }
    }
  }
}
