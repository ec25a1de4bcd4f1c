/// What a key press gives besides its character: a click and a light tap, as the user set them in Utter. iOS
/// plays neither for a keyboard without Full Access, so the keyboard does not ask.
public struct KeyFeedback: Sendable, Hashable {
  public var haptics: Bool
  public var sounds: Bool

  public init(haptics: Bool = true, sounds: Bool = false) {
    self.haptics = haptics
    self.sounds = sounds
  }

  /// The feedback a press gives with or without Full Access.
  public func forPress(fullAccess: Bool) -> (click: Bool, haptic: Bool) {
    (fullAccess && sounds, fullAccess && haptics)
  }
}

/// The keyboard's size on each device and orientation, and how the dictation panel shares it with the keys: the
/// bar on top (suggestions, or the dictation's live words) and the key area below keep their heights in every
/// phase, so the keyboard never jumps when a dictation starts or ends.
public struct KeyboardGeometry: Sendable, Hashable {
  public enum Device: Sendable, Hashable { case phone, pad }

  /// The height of one row of keys.
  public let rowHeight: Double
  /// The bar above the keys: suggestions, the mic and the language switch.
  public let barHeight: Double
  /// The gap between rows.
  public let rowGap: Double
  /// The keyboard's whole height: the bar, four rows of keys and their gaps, and the margins.
  public var height: Double { barHeight + keyAreaHeight + 8 }
  /// The key area, which the dictation panel replaces while a dictation runs.
  public var keyAreaHeight: Double { 4 * rowHeight + 3 * rowGap }

  /// The geometry for `device`, in landscape or not, for a screen `width` points wide.
  public init(device: Device, landscape: Bool, width: Double) {
    switch (device, landscape) {
    case (.phone, false):
      // NB: iPhone's own keys are 42–46 pt tall plus 12 pt of gap; small phones (SE, 320–375 pt wide) a little less.
      rowHeight = width < 380 ? 42 : 46
      rowGap = 10
      barHeight = 44
    case (.phone, true):
      rowHeight = 32
      rowGap = 6
      barHeight = 36
    case (.pad, false):
      rowHeight = width > 900 ? 62 : 56
      rowGap = 10
      barHeight = 50
    case (.pad, true):
      rowHeight = width > 1200 ? 70 : 64
      rowGap = 10
      barHeight = 50
    }
  }
}
