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
    if format == sourceFormat { return source }
    guard let converter = AVAudioConverter(from: sourceFormat, to: format) else {
      throw SpeechEngineError("Cannot convert audio to \(format)")
    }
    let capacity = AVAudioFrameCount((Double(samples.count) * format.sampleRate / sampleRate).rounded(.up)) + 1024
    guard let output = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: capacity) else {
      throw SpeechEngineError("Could not allocate an audio buffer")
    }
    var delivered = false
    var conversionError: NSError?
    let status = converter.convert(to: output, error: &conversionError) { _, inputStatus in
      // NB: the one buffer once, then the end of the stream.
      defer { delivered = true }
      inputStatus.pointee = delivered ? .endOfStream : .haveData
      return delivered ? nil : source
    }
    if status == .error { throw SpeechEngineError(conversionError?.localizedDescription ?? "Audio conversion failed") }
    return output
  }
}
