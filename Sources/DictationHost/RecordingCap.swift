/// The longest a dictation records (`max-recording`), and its warning: near the cap the keyboard counts down
/// ("Stops in 0:28"), and "keep going" gives the dictation another full length, once. The cap keeps a forgotten
/// microphone from recording (and growing its buffer) until the user comes back; someone still speaking says so.
public struct RecordingCap: Sendable, Hashable {
  /// The setting's length, in seconds of audio.
  public let length: Double
  /// Where the dictation stops now: the length, or twice it once the user kept going.
  public private(set) var limit: Double

  public init(length: Double) {
    self.length = length
    limit = length
  }

  /// How long before the cap the countdown shows: the last 30 s; a quarter of a cap under 2 minutes, and never less
  /// than 5 s (half of a cap under 10 s), so there is time to read it and tap.
  public var warning: Double { min(30, max(length / 4, min(5, length / 2))) }

  /// Whether "keep going" would add another length.
  public var canKeepGoing: Bool { limit == length }

  /// The seconds left before the cap, once `recorded` seconds are in the warning; nil before it.
  public func stopsIn(after recorded: Double) -> Double? {
    let left = limit - recorded
    return left <= warning ? max(0, left) : nil
  }

  /// The user keeps going: the cap moves one full length on. False when it already did.
  public mutating func keepGoing() -> Bool {
    guard canKeepGoing else { return false }
    limit += length
    return true
  }
}
