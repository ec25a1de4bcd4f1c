/// The keyboard's size by device and orientation: the bar and the key area keep their heights in every phase.
public struct KeyboardGeometry: Sendable, Hashable {
  public enum Device: Sendable, Hashable { case phone, pad }

  public let rowHeight: Double
  /// The bar above the keys: suggestions, the mic and the language switch.
  public let barHeight: Double
  public let rowGap: Double
  /// The keyboard's whole height: the bar, four rows of keys and their gaps, and the margins.
  public var height: Double { barHeight + keyAreaHeight + 8 }
  /// The key area, which the dictation panel replaces while a dictation runs.
  public var keyAreaHeight: Double { 4 * rowHeight + 3 * rowGap }

  /// The geometry for the keyboard's window: landscape when the screen is wider than tall, as wide as the keyboard's
  /// view once it has a width (before its first layout it has none, and the screen's width stands in).
  public init(device: Device, screenWidth: Double, screenHeight: Double, viewWidth: Double) {
    self.init(device: device, landscape: screenWidth > screenHeight, width: viewWidth > 0 ? viewWidth : screenWidth)
  }

  /// The geometry for `device`, in landscape or not, for a screen `width` points wide.
  public init(device: Device, landscape: Bool, width: Double) {
    // NB: iPhone's own keys are 42–46 pt tall plus 12 pt of gap; small phones (SE, 320–375 pt wide) a little less.
    (rowHeight, rowGap, barHeight) =
      switch (device, landscape) {
      case (.phone, false): (width < 380 ? 42 : 46, 10, 44)
      case (.phone, true): (32, 6, 36)
      case (.pad, false): (width > 900 ? 62 : 56, 10, 50)
      case (.pad, true): (width > 1200 ? 70 : 64, 10, 50)
      }
  }
}
