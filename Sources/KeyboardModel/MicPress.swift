import Foundation

/// One finger on the mic key, as a drag gesture reports it: a change at touch-down and at every move, an end when
/// the finger lifts. It says which change is the touch and how long the key was held (`KeyboardTap.release`).
public struct MicPress: Sendable, Hashable {
  /// When the finger touched the key; nil while none is on it.
  public private(set) var touchedAt: Date?

  /// No finger on the key.
  public init() {}

  /// The gesture changed at `date`: true only for a touch's first change (the finger moving changes it again).
  public mutating func touched(at date: Date) -> Bool {
    guard touchedAt == nil else { return false }
    touchedAt = date
    return true
  }

  /// The finger lifted (or the touch was cancelled) at `date`: the seconds it was held, nil when no touch began or
  /// this one has already ended.
  public mutating func lifted(at date: Date) -> Double? {
    guard let touchedAt else { return nil }
    self.touchedAt = nil
    return max(0, date.timeIntervalSince(touchedAt))
  }
}
