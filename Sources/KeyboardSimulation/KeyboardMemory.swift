/// How much memory a keyboard extension may use before iOS ends it (jetsam, "per-process-limit"): the system then
/// switches the user to another keyboard mid-sentence. Apple publishes no figure, only that extensions' limits are
/// "significantly lower" than an app's (App Extension Programming Guide:
/// https://developer.apple.com/library/archive/documentation/General/Conceptual/ExtensibilityPG/ExtensionCreation.html).
/// Measured ceilings run from 48 MB (the jetsam property list of early devices) to 90 MB (an iPad on iPadOS 26, in
/// the kernel log of https://github.com/getdictus/dictus-ios/issues/202); a keyboard that settles near 68 MB is
/// reclaimed first under pressure (https://github.com/getdictus/dictus-ios/issues/555). The strict phone uses the
/// lowest measured figure.
public enum KeyboardMemory {
  /// The ceiling the keyboard must stay under, in bytes.
  public static let ceilingBytes = 48 * 1024 * 1024

  /// Whether `peakBytes` of resident memory keeps a keyboard alive on the strictest device.
  public static func fits(peakBytes: Int) -> Bool { peakBytes < ceilingBytes }

  /// One line on a peak, e.g. `memory: peak 31.2 MB of a keyboard's 48 MB`.
  public static func report(peakBytes: Int) -> String {
    let megabytes = Double(peakBytes) / 1_048_576
    let rounded = (megabytes * 10).rounded() / 10
    let verdict = fits(peakBytes: peakBytes) ? "" : " (over: iOS would end this keyboard)"
    return "memory: peak \(rounded) MB of a keyboard's \(ceilingBytes / 1_048_576) MB\(verdict)"
  }
}
