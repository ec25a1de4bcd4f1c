import AVFoundation
import SpeechEngine

/// Builds `AVAudioPCMBuffer`s from our 16 kHz float samples for Apple APIs that take buffers.
enum PCMBuffers {
  /// Wraps mono `samples` at `sampleRate` in a buffer, converted to `format` when it differs.
  static func buffer(from samples: [Float], sampleRate: Double, convertedTo format: AVAudioFormat) throws
    -> AVAudioPCMBuffer
  {
    guard
      let sourceFormat = AVAudioFormat(
        commonFormat: .pcmFormatFloat32, sampleRate: sampleRate, channels: 1, interleaved: false),
      let source = AVAudioPCMBuffer(pcmFormat: sourceFormat, frameCapacity: AVAudioFrameCount(samples.count)),
      let channel = source.floatChannelData?[0]
    else { throw SpeechEngineError("Could not allocate an audio buffer") }
    channel.update(from: samples, count: samples.count)
    source.frameLength = AVAudioFrameCount(samples.count)
    if format == sourceFormat { return source }  // glue: AVAudioConverter is needed only for another format
    guard let converter = AVAudioConverter(from: sourceFormat, to: format) else {
      throw SpeechEngineError("Cannot convert audio to \(format)")
    }
    // glue: same rate: the synchronous buffer-to-buffer form, which changes sample type and layout only.
    if format.sampleRate == sourceFormat.sampleRate {
      guard let output = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: source.frameLength) else {
        throw SpeechEngineError("Could not allocate an audio buffer")
      }
      try converter.convert(to: output, from: source)
      return output
    }
    let capacity = AVAudioFrameCount((Double(samples.count) * format.sampleRate / sampleRate).rounded(.up)) + 1024
    guard let output = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: capacity) else {
      throw SpeechEngineError("Could not allocate an audio buffer")
    }
    let input = OneBufferInput(source)
    var conversionError: NSError?
    let status = converter.convert(to: output, error: &conversionError) { _, inputStatus in
      let next = input.take()
      inputStatus.pointee = next == nil ? .endOfStream : .haveData  // glue: AVAudioConverter's input block
      return next
    }
    // glue: AVAudioConverter reports failure in its status, with the error beside it.
    if status == .error { throw SpeechEngineError(conversionError?.localizedDescription ?? "Audio conversion failed") }
    return output
  }
}

/// The one buffer a rate conversion reads, then the end of the stream.
///
/// NB: `@unchecked Sendable` because the converter's input block is `NS_SWIFT_SENDABLE` while AVAudioPCMBuffer is
/// not Sendable; the block runs only inside `convert(to:error:withInputFrom:)`, on the caller's thread, before it
/// returns (AVAudioConverter.h), so the buffer never crosses threads. A rate conversion has no other API.
private final class OneBufferInput: @unchecked Sendable {
  private var buffer: AVAudioPCMBuffer?

  init(_ buffer: AVAudioPCMBuffer) { self.buffer = buffer }

  func take() -> AVAudioPCMBuffer? {
    defer { buffer = nil }
    return buffer
  }
}
