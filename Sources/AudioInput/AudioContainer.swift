import Foundation

/// The kind of file found by looking at its first bytes (and, for headerless PCM, its extension).
enum AudioContainer: Equatable, Sendable {
  /// RIFF/WAVE, decoded natively.
  case wav
  /// Headerless 16 kHz signed 16-bit little-endian mono, decoded natively.
  case rawPCM
  /// A container or codec handed to ffmpeg; the name is shown in messages ("mp3", "flac"…).
  case needsFFmpeg(String)
  /// Something that is not audio we know.
  case unknown

  /// Extensions that mean headerless 16 kHz s16le mono.
  static let rawExtensions: Set<String> = ["raw", "pcm", "s16"]

  /// Recognizes the container from the file's first bytes; `fileExtension` only decides headerless PCM.
  static func detect(header: [UInt8], fileExtension: String) -> AudioContainer {
    func ascii(_ offset: Int, _ text: String) -> Bool {
      let bytes = Array(text.utf8)
      guard header.count >= offset + bytes.count else { return false }
      return Array(header[offset..<offset + bytes.count]) == bytes
    }
    if ascii(0, "RIFF") && (header.count < 12 || ascii(8, "WAVE")) { return .wav }
    if ascii(0, "RIFX") && ascii(8, "WAVE") { return .needsFFmpeg("big-endian WAV") }
    if (ascii(0, "RF64") || ascii(0, "BW64")) && ascii(8, "WAVE") { return .needsFFmpeg("RF64 WAV") }
    if ascii(0, "fLaC") { return .needsFFmpeg("flac") }
    if ascii(0, "OggS") {
      let text = String(decoding: header.prefix(128), as: UTF8.self)
      if text.contains("OpusHead") { return .needsFFmpeg("opus") }
      if text.contains("FLAC") { return .needsFFmpeg("flac") }
      if text.contains("Speex") { return .needsFFmpeg("speex") }
      return .needsFFmpeg("ogg")
    }
    if ascii(4, "ftyp") { return .needsFFmpeg(ascii(8, "qt  ") ? "mov" : "m4a") }
    if header.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {
      return .needsFFmpeg(String(decoding: header.prefix(64), as: UTF8.self).contains("webm") ? "webm" : "mkv")
    }
    if ascii(0, "FORM") && (ascii(8, "AIFF") || ascii(8, "AIFC")) { return .needsFFmpeg("aiff") }
    if ascii(0, "caff") { return .needsFFmpeg("caf") }
    if ascii(0, "#!AMR") { return .needsFFmpeg("amr") }
    if ascii(0, ".snd") { return .needsFFmpeg("au") }
    if header.starts(with: [0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11]) { return .needsFFmpeg("wma") }
    if ascii(0, "ID3") { return .needsFFmpeg("mp3") }
    if let codec = mpegFrameCodec(header) { return .needsFFmpeg(codec) }
    if rawExtensions.contains(fileExtension.lowercased()) { return .rawPCM }
    if header.count < 4 && Array("RIFF".utf8).starts(with: header) && !header.isEmpty { return .wav }
    return .unknown
  }

  /// "mp3" for an MPEG audio frame header, "aac" for an ADTS header, nil otherwise.
  private static func mpegFrameCodec(_ header: [UInt8]) -> String? {
    guard header.count >= 4, header[0] == 0xFF, header[1] & 0xE0 == 0xE0 else { return nil }
    let layer = (header[1] >> 1) & 0x03
    if header[1] & 0xF6 == 0xF0 { return "aac" }  // ADTS: 12-bit sync, layer 00
    let bitrateIndex = header[2] >> 4
    let rateIndex = (header[2] >> 2) & 0x03
    guard layer != 0, bitrateIndex != 0x0F, rateIndex != 0x03 else { return nil }
    return layer == 1 ? "mp3" : "mp2"
  }
}
