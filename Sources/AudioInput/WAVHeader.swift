import Foundation

/// How samples are stored in a WAV data chunk.
enum WAVSampleEncoding: Equatable, Sendable {
  case unsignedInt8
  case signedInt16
  case signedInt24
  case signedInt32
  case float32
  case float64
  case aLaw
  case muLaw

  /// Bytes per sample of one channel.
  var byteCount: Int {
    switch self {
    case .unsignedInt8, .aLaw, .muLaw: 1
    case .signedInt16: 2
    case .signedInt24: 3
    case .signedInt32, .float32: 4
    case .float64: 8
    }
  }
}

/// What a WAV file's header says, with the byte range of its samples checked against the real file size.
struct WAVHeader: Equatable, Sendable {
  var encoding: WAVSampleEncoding
  var channels: Int
  var sampleRate: Int
  /// Byte range of the sample data inside the file.
  var dataRange: Range<Int>
  /// The data size the header declares, when the file holds less (a recording cut off by a crash).
  var declaredDataBytes: Int?

  /// Bytes per frame (one sample of every channel).
  var frameByteCount: Int { encoding.byteCount * channels }
  /// Number of whole frames in the data; a trailing partial frame is ignored.
  var frameCount: Int { dataRange.count / frameByteCount }
}

/// Why a WAV header cannot be decoded natively.
enum WAVHeaderProblem: Error, Equatable {
  /// The header is broken; the string is the message after the file name.
  case invalid(String)
  /// A valid WAV whose codec (ADPCM, GSM…) we hand to ffmpeg; the string names it.
  case needsFFmpeg(String)
}

/// Sample rates accepted from headers; anything else is treated as a broken header.
let supportedSampleRates = 1_000...1_536_000

extension WAVHeader {
  /// Reads the RIFF chunks of `bytes`, tolerating unknown, odd-sized and trailing chunks.
  static func parse(_ bytes: UnsafeRawBufferPointer) throws(WAVHeaderProblem) -> WAVHeader {
    let size = bytes.count
    guard size >= 12 else { throw .invalid("truncated WAV header") }
    guard fourCC(bytes, 0) == "RIFF", fourCC(bytes, 8) == "WAVE" else {
      throw .invalid("not a WAV or known audio file")
    }
    var offset = 12
    var format: (encoding: WAVSampleEncoding, channels: Int, rate: Int)?
    var data: Range<Int>?
    var truncatedFrom: Int?
    while offset + 8 <= size {
      let id = fourCC(bytes, offset)
      let declared = Int(readUInt32(bytes, offset + 4))
      let body = offset + 8
      let remaining = size - body
      switch id {
      case "fmt ":
        guard declared <= remaining else {
          if declared > 0xFFFF {
            throw .invalid("WAV fmt chunk claims \(declared) bytes, more than the file holds")
          }
          throw .invalid("truncated WAV header")
        }
        format = try parseFormat(bytes, at: body, size: declared)
      case "data":
        if declared == 0 || isStreamingPlaceholder(declared) {
          data = body..<size
        } else if declared > remaining {
          // NB: a recording cut off by a crash is exactly this; what is there is worth transcribing, if it is
          // at least a quarter of a second.
          guard let format, remaining >= format.rate * format.channels * format.encoding.byteCount / 4 else {
            throw .invalid("truncated WAV data (\(declared) bytes declared, \(remaining) present)")
          }
          data = body..<size
          truncatedFrom = declared
        } else {
          data = body..<(body + declared)
        }
      default:
        break
      }
      if format != nil, data != nil { break }
      if data != nil, data?.upperBound == size { break }
      guard declared <= remaining else { break }
      offset = nextChunkOffset(bytes, body: body, size: declared)
    }
    let cutInChunkHeader = offset < size && offset + 8 > size
    guard let format else {
      throw .invalid(
        data == nil && (cutInChunkHeader || offset == size) ? "truncated WAV header" : "WAV has no fmt chunk")
    }
    guard let data else { throw .invalid(cutInChunkHeader ? "truncated WAV header" : "WAV has no data chunk") }
    return WAVHeader(
      encoding: format.encoding, channels: format.channels, sampleRate: format.rate, dataRange: data,
      declaredDataBytes: truncatedFrom)
  }

  /// Sizes writers put in the data chunk when they cannot seek back (ffmpeg, arecord and sox on pipes).
  private static func isStreamingPlaceholder(_ declared: Int) -> Bool {
    declared == 0xFFFF_FFFF || declared == 0x7FFF_FFFF || declared == 0x7FFF_F000 || declared == 0x8000_0000
  }

  /// The next chunk starts after the RIFF pad byte of odd-sized chunks, unless the writer forgot the pad.
  private static func nextChunkOffset(_ bytes: UnsafeRawBufferPointer, body: Int, size: Int) -> Int {
    let unpadded = body + size
    guard size % 2 == 1 else { return unpadded }
    let padded = unpadded + 1
    if padded + 4 <= bytes.count, !isChunkID(bytes, padded), unpadded + 4 <= bytes.count, isChunkID(bytes, unpadded) {
      return unpadded
    }
    return padded
  }

  private static func parseFormat(
    _ bytes: UnsafeRawBufferPointer, at offset: Int, size: Int
  ) throws(WAVHeaderProblem) -> (encoding: WAVSampleEncoding, channels: Int, rate: Int) {
    guard size >= 14 else { throw .invalid("truncated WAV header") }
    var tag = Int(readUInt16(bytes, offset))
    let channels = Int(readUInt16(bytes, offset + 2))
    let rate = Int(readUInt32(bytes, offset + 4))
    let bits = size >= 16 ? Int(readUInt16(bytes, offset + 14)) : 8
    if tag == 0xFFFE {
      guard size >= 40 else { throw .invalid("truncated WAV header") }
      tag = Int(readUInt16(bytes, offset + 24))
      let guidTail: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]
      let tail = (0..<14).map { bytes[offset + 26 + $0] }
      guard tail == guidTail else { throw .invalid("unsupported WAV sample format: unknown extensible subformat") }
    }
    guard channels > 0 else { throw .invalid("WAV declares 0 channels") }
    guard rate > 0 else { throw .invalid("WAV declares a sample rate of 0 Hz") }
    guard supportedSampleRates.contains(rate) else { throw .invalid("unsupported WAV sample rate \(rate) Hz") }
    switch (tag, bits) {
    case (1, 8): return (.unsignedInt8, channels, rate)
    case (1, 16): return (.signedInt16, channels, rate)
    case (1, 24): return (.signedInt24, channels, rate)
    case (1, 32): return (.signedInt32, channels, rate)
    case (1, _): throw .invalid("unsupported WAV sample format: \(bits)-bit PCM")
    case (3, 32): return (.float32, channels, rate)
    case (3, 64): return (.float64, channels, rate)
    case (3, _): throw .invalid("unsupported WAV sample format: \(bits)-bit float")
    case (6, 8): return (.aLaw, channels, rate)
    case (7, 8): return (.muLaw, channels, rate)
    default: throw .needsFFmpeg(codecName(tag))
    }
  }

  private static func codecName(_ tag: Int) -> String {
    switch tag {
    case 0x0002, 0x0011: "ADPCM WAV"
    case 0x0031: "GSM WAV"
    case 0x0050, 0x0055: "MPEG WAV"
    default: "WAV format 0x" + String(tag, radix: 16, uppercase: true)
    }
  }
}

func fourCC(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> String {
  String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
}

/// Whether four bytes look like a RIFF chunk id (printable ASCII).
private func isChunkID(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Bool {
  (offset..<offset + 4).allSatisfy { (0x20...0x7E).contains(bytes[$0]) }
}

func readUInt16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt16 {
  UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
}

func readUInt32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
  UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
}
