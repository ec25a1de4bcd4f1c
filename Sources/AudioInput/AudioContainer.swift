import Foundation

/// The kind of file found by looking at its first bytes (and, for headerless PCM, its extension).
enum AudioContainer: Equatable, Sendable {
  /// RIFF/WAVE, decoded natively.
  case wav
  /// Headerless 16 kHz signed 16-bit little-endian mono, decoded natively.
  case rawPCM
  /// A container or codec handed to ffmpeg; the name is shown in messages ("mp3", "flac"…).
  case needsFFmpeg(String)
  /// A known kind of file that is not audio (a playlist, a manifest, a document); the string says so in a sentence
  /// such as "an HLS playlist is not audio".
  case notAudio(String)
  /// Something that is not audio we know.
  case unknown

  /// Extensions that mean headerless 16 kHz s16le mono.
  static let rawExtensions: Set<String> = ["raw", "pcm", "s16"]

  /// Recognizes the container from the whole file: like `detect(header:fileExtension:)`, but an ID3 tag is skipped
  /// and what follows it decides (MPEG audio, AAC, FLAC, or a playlist hidden behind the tag).
  static func detect(_ data: Data, fileExtension: String) -> AudioContainer {
    let header = Array(data.prefix(64))
    guard let tagEnd = ID3Tag.end(of: data) else { return detect(header: header, fileExtension: fileExtension) }
    return afterID3(Array(data.dropFirst(tagEnd).prefix(64)))
  }

  /// Recognizes the container from the file's first bytes; `fileExtension` only decides headerless PCM.
  static func detect(header: [UInt8], fileExtension: String) -> AudioContainer {
    if let refusal = NonAudio.sentence(header) { return .notAudio(refusal) }
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

  /// What an ID3 tag carries: MPEG audio (or nothing ffmpeg's mp3 demuxer cannot judge), AAC, FLAC, or a refusal.
  private static func afterID3(_ bytes: [UInt8]) -> AudioContainer {
    if let refusal = NonAudio.sentence(bytes) { return .notAudio(refusal + " (behind an ID3 tag)") }
    if bytes.starts(with: Array("fLaC".utf8)) { return .needsFFmpeg("flac") }
    if let codec = mpegFrameCodec(bytes), codec == "aac" { return .needsFFmpeg(codec) }
    return .needsFFmpeg("mp3")
  }

  /// The ffmpeg demuxer (its `-f` name) for a container found by `detect`.
  static func demuxer(for name: String) -> String {
    if name.hasSuffix("WAV") || name.hasPrefix("WAV ") { return "wav" }
    switch name {
    case "flac": return "flac"
    case "opus", "speex", "ogg": return "ogg"
    case "m4a", "mov": return "mov"
    case "webm", "mkv": return "matroska"
    case "aiff": return "aiff"
    case "caf": return "caf"
    case "amr": return "amr"
    case "au": return "au"
    case "wma": return "asf"
    case "aac": return "aac"
    default: return "mp3"
    }
  }

  /// Every demuxer ffmpeg may open (`-format_whitelist`): audio containers only, never a playlist (hls, concat),
  /// a manifest (dash) or an image sequence, which would read files and URLs the upload names.
  static let allowedDemuxers = [
    "wav", "flac", "ogg", "mov", "matroska", "aiff", "caf", "amr", "au", "asf", "aac", "mp3",
  ]

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

/// An ID3v2 tag at the start of a file (mp3, sometimes AAC or FLAC).
enum ID3Tag {
  /// The offset just past the tags (and zero padding) at the start of `data`, or nil when it starts with none.
  static func end(of data: Data) -> Int? {
    let bytes = [UInt8](data.prefix(10))
    guard bytes.count == 10, bytes.starts(with: Array("ID3".utf8)) else { return nil }
    var offset = 0
    // NB: files may carry several tags back to back; each size is 4 syncsafe bytes (7 bits each).
    while offset + 10 <= data.count {
      let tag = [UInt8](data.dropFirst(offset).prefix(10))
      guard tag.starts(with: Array("ID3".utf8)), tag[6...9].allSatisfy({ $0 < 0x80 }) else { break }
      let size = tag[6...9].reduce(0) { $0 << 7 | Int($1) }
      offset += 10 + size + (tag[5] & 0x10 != 0 ? 10 : 0)
    }
    let padding = data.dropFirst(offset).prefix(4096).prefix { $0 == 0 }.count
    return min(data.count, offset + padding)
  }
}

/// Files that are known not to be audio, named in the refusal, so a playlist or a manifest never reaches a decoder.
enum NonAudio {
  /// Text formats (after any byte-order mark and white space) and binary ones, with the sentence naming each.
  static let signatures: [(prefix: [UInt8], text: Bool, sentence: String)] = [
    (Array("#EXTM3U".utf8), true, "an HLS playlist is not audio"),
    (Array("#EXTINF".utf8), true, "an M3U playlist is not audio"),
    (Array("ffconcat".utf8), true, "an ffconcat list is not audio"),
    (Array("[playlist]".utf8), true, "a PLS playlist is not audio"),
    (Array("<?xml".utf8), true, "an XML document (such as a DASH manifest) is not audio"),
    (Array("<MPD".utf8), true, "a DASH manifest is not audio"),
    (Array("<!DOCTYPE".utf8), true, "an HTML page is not audio"),
    (Array("<html".utf8), true, "an HTML page is not audio"),
    (Array("v=0".utf8), true, "an SDP session description is not audio"),
    (Array("%PDF".utf8), false, "a PDF is not audio"),
    (Array("PK".utf8) + [3, 4], false, "a ZIP archive is not audio"),
    ([0x89] + Array("PNG".utf8), false, "a PNG image is not audio"),
    ([0xFF, 0xD8, 0xFF], false, "a JPEG image is not audio"),
  ]

  /// The sentence for `header` when it starts like a known non-audio file, nil otherwise.
  static func sentence(_ header: [UInt8]) -> String? {
    var text = header[...]
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
    text = text.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
    for signature in signatures {
      let bytes = signature.text ? text : header[...]
      if bytes.count >= signature.prefix.count,
        zip(bytes, signature.prefix).allSatisfy({ signature.text ? lowercased($0) == lowercased($1) : $0 == $1 })
      {
        return signature.sentence
      }
    }
    return nil
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
}

/// The length a FLAC file's STREAMINFO block declares (0 there means unknown).
enum FLACStreamInfo {
  /// Seconds of audio declared by `data`'s STREAMINFO, nil when it is not FLAC or does not say.
  static func declaredSeconds(_ data: Data) -> Double? {
    let start = ID3Tag.end(of: data) ?? 0
    let bytes = [UInt8](data.dropFirst(start).prefix(26))
    // NB: "fLaC", a block header of type 0 (STREAMINFO), then 10 bytes of block and frame sizes, then 64 bits:
    // sample rate (20), channels (3), bits per sample (5), total samples (36).
    guard bytes.count == 26, bytes.starts(with: Array("fLaC".utf8)), bytes[4] & 0x7F == 0 else { return nil }
    let packed = bytes[18...25].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let rate = Int(packed >> 44)
    let total = packed & 0xF_FFFF_FFFF
    guard rate > 0, total > 0 else { return nil }
    return Double(total) / Double(rate)
  }
}
