/// How much free space a speech model needs before Utter starts its download, and the one line that refuses it.
///
/// The margin is 2.5 × the model's size: the download itself (on iPhone the background session's file is moved
/// into the models folder, never copied; on Linux pip's wheel, then its unpacked copy), the compiled copy (Core ML
/// specialises the model for the Neural Engine and keeps that copy in the app's caches, about the model's size
/// again; whisper.cpp's staging folder on Linux), and half the model's size as headroom, so that a finished
/// download never leaves the device so full that history or the next dictation's audio cannot be written.
public enum ModelSpace {
  /// The margin over the model's size (see above).
  public static let margin = 2.5

  /// Free bytes needed to download and prepare a model of `modelBytes`.
  public static func needed(forModelBytes modelBytes: Int64) -> Int64 {
    Int64((Double(max(modelBytes, 0)) * margin).rounded(.up))
  }

  /// Nil when `freeBytes` is enough for `name` (e.g. `the Small (English) model`), else the line that refuses it.
  public static func refusal(name: String, modelBytes: Int64, freeBytes: Int64) -> String? {
    let needed = needed(forModelBytes: modelBytes)
    return freeBytes < needed ? line(name: name, needed: needed, free: freeBytes) : nil
  }

  /// `Not enough free space: the Small (English) model needs 1.2 GB free and 800 MB is free.`
  public static func line(name: String, needed: Int64, free: Int64) -> String {
    "Not enough free space: \(name) needs \(ByteSize.text(needed)) free and \(ByteSize.text(free)) is free."
  }
}

/// Sizes in words, in decimal units as the Settings app and the App Store show them (`466 MB`, `1.2 GB`).
public enum ByteSize {
  public static func text(_ bytes: Int64) -> String {
    let bytes = max(bytes, 0)
    if bytes >= 1_000_000_000 {
      let tenths = (bytes + 50_000_000) / 100_000_000
      return tenths % 10 == 0 ? "\(tenths / 10) GB" : "\(tenths / 10).\(tenths % 10) GB"
    }
    if bytes >= 1_000_000 { return "\((bytes + 500_000) / 1_000_000) MB" }
    if bytes >= 1_000 { return "\((bytes + 500) / 1_000) KB" }
    return "\(bytes) bytes"
  }
}

extension WhisperModelChoice {
  /// The model's download size in bytes (decimal megabytes, as its size is shown).
  public var bytes: Int64 { Int64(megabytes) * 1_000_000 }
}
