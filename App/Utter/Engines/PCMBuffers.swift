import AVFoundation

/// Builds `AVAudioPCMBuffer`s from our 16 kHz float samples for Apple APIs that take buffers.
enum PCMBuffers {
  struct ConversionError: Error, CustomStringConvertible {
    let description: String
  }

  /// Wraps mono `samples` at `sampleRate` in a buffer, converted to `format` when it differs.
  static func buffer(from samples: [Float], sampleRate: Double, convertedTo format: AVAudioFormat) throws
    -> AVAudioPCMBuffer
  {
    guard
      let sourceFormat = AVAudioFormat(
        commonFormat: .pcmFormatFloat32, sampleRate: sampleRate, channels: 1, interleaved: false),
      let source = AVAudioPCMBuffer(pcmFormat: sourceFormat, frameCapacity: AVAudioFrameCount(samples.count)),
      let channel = source.floatChannelData?[0]
    else { throw ConversionError(description: "Could not allocate an audio buffer") }
    samples.withUnsafeBufferPointer { pointer in
      if let base = pointer.baseAddress { channel.update(from: base, count: samples.count) }
    }
    source.frameLength = AVAudioFrameCount(samples.count)
    if format == sourceFormat { return source }

    guard let converter = AVAudioConverter(from: sourceFormat, to: format) else {
      throw ConversionError(description: "Cannot convert audio to \(format)")
    }
    let ratio = format.sampleRate / sampleRate
    let capacity = AVAudioFrameCount((Double(samples.count) * ratio).rounded(.up)) + 1024
    guard let output = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: capacity) else {
      throw ConversionError(description: "Could not allocate an audio buffer")
    }
    var delivered = false
    var conversionError: NSError?
    let status = converter.convert(to: output, error: &conversionError) { _, inputStatus in
      if delivered {
        inputStatus.pointee = .endOfStream
        return nil
      }
      delivered = true
      inputStatus.pointee = .haveData
      return source
    }
    if status == .error {
      throw ConversionError(description: conversionError?.localizedDescription ?? "Audio conversion failed")
    }
    return output
  }
}

extension PCMBuffers {
  /// Reads an audio file (WAV, CAF, M4A…) as 16 kHz mono float samples, for retrying a kept dictation.
  static func samples(of url: URL) throws -> [Float] {
    let file = try AVAudioFile(forReading: url)
    guard
      let target = AVAudioFormat(
        commonFormat: .pcmFormatFloat32, sampleRate: Double(16_000), channels: 1, interleaved: false),
      let input = AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: AVAudioFrameCount(file.length))
    else { throw ConversionError(description: "Could not allocate an audio buffer") }
    try file.read(into: input)
    guard let converter = AVAudioConverter(from: file.processingFormat, to: target) else {
      throw ConversionError(description: "Cannot convert \(url.lastPathComponent)")
    }
    let ratio = target.sampleRate / file.processingFormat.sampleRate
    let capacity = AVAudioFrameCount((Double(input.frameLength) * ratio).rounded(.up)) + 1024
    guard let output = AVAudioPCMBuffer(pcmFormat: target, frameCapacity: capacity) else {
      throw ConversionError(description: "Could not allocate an audio buffer")
    }
    var delivered = false
    var conversionError: NSError?
    let status = converter.convert(to: output, error: &conversionError) { _, inputStatus in
      if delivered {
        inputStatus.pointee = .endOfStream
        return nil
      }
      delivered = true
      inputStatus.pointee = .haveData
      return input
    }
    guard status != .error, let channel = output.floatChannelData?[0] else {
      throw ConversionError(description: conversionError?.localizedDescription ?? "Audio conversion failed")
    }
    return Array(UnsafeBufferPointer(start: channel, count: Int(output.frameLength)))
  }
}
