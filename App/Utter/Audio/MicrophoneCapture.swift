import AVFoundation
import AudioInput
import PhoneSession
import os

/// The microphone through `AVAudioEngine`: a tap on the input node that hands interleaved float samples at the
/// hardware rate to `onSamples` (on the audio thread). Down-mixing and resampling to 16 kHz happen in
/// AudioInput's `StreamingConverter`.
final class MicrophoneCapture: @unchecked Sendable {
  /// Interleaved samples, their sample rate and channel count, called on the realtime audio thread: copy and
  /// return quickly.
  var onSamples: (@Sendable (_ interleaved: [Float], _ sampleRate: Double, _ channels: Int) -> Void)?
  /// Called when the engine stopped by itself (configuration change, reset); the owner restarts it.
  var onEngineStopped: (@Sendable () -> Void)?

  private var engine = AVAudioEngine()
  private var configurationObserver: NSObjectProtocol?
  private let log = Logger(subsystem: "app.utter", category: "microphone")

  /// True while the tap is delivering audio.
  var isRunning: Bool { engine.isRunning }

  /// Installs the tap with the input's current format and starts the engine. The audio session must be active.
  func start() throws {
    if engine.isRunning { return }  // glue: a second tap on a running engine raises an exception
    let input = engine.inputNode
    let format = input.outputFormat(forBus: 0)
    // glue: AVAudioEngine reports a zero format when the session has no input (a call holds it).
    guard format.sampleRate > 0, format.channelCount > 0 else { throw MicrophoneStartError.noInput }
    input.removeTap(onBus: 0)
    let (rate, channels) = (format.sampleRate, Int(format.channelCount))
    input.installTap(onBus: 0, bufferSize: 1024, format: format) { [weak self] buffer, _ in
      guard let self, let deliver = self.onSamples else { return }
      deliver(Self.interleaved(buffer), rate, channels)
    }
    observeConfigurationChanges()
    engine.prepare()
    do {
      try engine.start()
    } catch {
      input.removeTap(onBus: 0)
      log.error("engine start failed: \(error.localizedDescription, privacy: .public)")
      throw MicrophoneStartError.refused(error.localizedDescription)
    }
  }

  /// Removes the tap and stops the engine.
  func stop() {
    engine.inputNode.removeTap(onBus: 0)
    engine.stop()
  }

  /// Throws away the engine and builds a new one: needed after the media services reset.
  func rebuild() {
    stop()
    if let configurationObserver { NotificationCenter.default.removeObserver(configurationObserver) }
    configurationObserver = nil
    engine = AVAudioEngine()
  }

  private func observeConfigurationChanges() {
    guard configurationObserver == nil else { return }  // glue: one observer per engine
    // The input format changes when the route does (AirPods connect); the engine stops and needs a new tap.
    configurationObserver = NotificationCenter.default.addObserver(
      forName: .AVAudioEngineConfigurationChange, object: engine, queue: .main
    ) { [weak self] _ in
      self?.log.notice("audio engine configuration changed")
      self?.stop()
      self?.onEngineStopped?()
    }
  }

  /// The buffer's samples interleaved frame by frame (AVAudioEngine's taps hand over separate channels).
  private static func interleaved(_ buffer: AVAudioPCMBuffer) -> [Float] {
    guard let data = buffer.floatChannelData else { return [] }
    let (frames, channels) = (Int(buffer.frameLength), Int(buffer.format.channelCount))
    // glue: AVAudioPCMBuffer's layout: one interleaved channel pointer or one pointer per channel.
    if buffer.format.isInterleaved { return Array(UnsafeBufferPointer(start: data[0], count: frames * channels)) }
    return Interleaving.interleave((0..<channels).map { UnsafeBufferPointer(start: data[$0], count: frames) })
  }

  deinit {
    if let configurationObserver { NotificationCenter.default.removeObserver(configurationObserver) }
  }
}
