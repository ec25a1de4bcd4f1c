/// Turns per-frame speech decisions into padded segments: closes them on pauses, drops blips, splits long ones.
///
/// A pure state machine over frames; it keeps only the frames of the open segment (at most `maxSegment` long).
struct SegmentTracker: Sendable {
  let frameLength: Int
  let minPauseFrames: Int
  let paddingSamples: Int
  let minSpeechFrames: Int
  let maxSegmentSamples: Int
  let minimumLevelSwing: Float

  /// Index of the next frame to arrive.
  private(set) var frameIndex = 0
  /// The segment being built, if speech has started and no pause has ended it yet.
  private(set) var open: OpenSegment?
  /// Where the last emitted segment ended; the next one never starts before it.
  private var lastEnd = 0

  struct OpenSegment: Sendable {
    /// First sample, padding included.
    var startSample: Int
    /// Frame index of `levels[0]`.
    var firstFrame: Int
    var lastSpeechFrame: Int
    var speechFrames: Int
    /// Quietest and loudest speech frames: speech rises and falls by syllable, a switched-on fan does not.
    var quietestSpeech: Float
    var loudestSpeech: Float
    /// Level and decision of every frame since `firstFrame`, for choosing a split point.
    var levels: [Float]
    var isSpeech: [Bool]
  }

  init(configuration: VADConfiguration, sampleRate: Int, frameLength: Int) {
    self.frameLength = frameLength
    let frameDuration = Double(frameLength) / Double(sampleRate)
    minPauseFrames = max(1, Int((configuration.minPause / frameDuration).rounded()))
    paddingSamples = max(0, Int((configuration.padding * Double(sampleRate)).rounded()))
    minSpeechFrames = max(1, Int((configuration.minSpeech / frameDuration).rounded()))
    // NB: at least a few frames, so a split always leaves room for progress.
    maxSegmentSamples = max(4 * frameLength, Int((configuration.maxSegment * Double(sampleRate)).rounded()))
    minimumLevelSwing = configuration.minimumLevelSwingDB
  }

  /// Whether a segment with enough speech to be kept is in progress.
  var isSpeaking: Bool { open.map(isConfirmed) ?? false }

  /// Enough speech frames, and their level moves like speech does.
  private func isConfirmed(_ segment: OpenSegment) -> Bool {
    segment.speechFrames >= minSpeechFrames && segment.loudestSpeech - segment.quietestSpeech >= minimumLevelSwing
  }

  /// Takes the next frame's decision and level; returns a segment when this frame closes or splits one.
  mutating func advance(isSpeech: Bool, levelDBFS: Float) -> SpeechSegment? {
    let frame = frameIndex
    frameIndex += 1
    let frameEnd = frameIndex * frameLength
    guard var segment = open else {
      if isSpeech {
        let start = max(0, lastEnd, frame * frameLength - paddingSamples)
        open = OpenSegment(
          startSample: start, firstFrame: frame, lastSpeechFrame: frame, speechFrames: 1,
          quietestSpeech: levelDBFS, loudestSpeech: levelDBFS, levels: [levelDBFS], isSpeech: [true])
      }
      return nil
    }
    segment.levels.append(levelDBFS)
    segment.isSpeech.append(isSpeech)
    if isSpeech {
      segment.lastSpeechFrame = frame
      segment.speechFrames += 1
      segment.quietestSpeech = min(segment.quietestSpeech, levelDBFS)
      segment.loudestSpeech = max(segment.loudestSpeech, levelDBFS)
    }
    if frame - segment.lastSpeechFrame >= minPauseFrames {
      open = nil
      return close(segment, limit: frameEnd)
    }
    if frameEnd - segment.startSample >= maxSegmentSamples {
      return split(&segment)
    }
    open = segment
    return nil
  }

  /// Ends the stream after `totalSamples` samples; returns the open segment if it holds enough speech.
  mutating func finish(totalSamples: Int) -> SpeechSegment? {
    defer { self = SegmentTracker(copying: self) }
    guard let segment = open else { return nil }
    return close(segment, limit: totalSamples)
  }

  private init(copying other: SegmentTracker) {
    frameLength = other.frameLength
    minPauseFrames = other.minPauseFrames
    paddingSamples = other.paddingSamples
    minSpeechFrames = other.minSpeechFrames
    maxSegmentSamples = other.maxSegmentSamples
    minimumLevelSwing = other.minimumLevelSwing
  }

  private mutating func close(_ segment: OpenSegment, limit: Int) -> SpeechSegment? {
    open = nil
    guard isConfirmed(segment) else { return nil }
    let end = min(limit, (segment.lastSpeechFrame + 1) * frameLength + paddingSamples)
    guard end > segment.startSample else { return nil }
    lastEnd = end
    return SpeechSegment(startSample: segment.startSample, endSample: end)
  }

  /// Cuts the open segment at its quietest frame in the second half and keeps the rest open.
  private mutating func split(_ segment: inout OpenSegment) -> SpeechSegment? {
    let count = segment.levels.count
    let earliest = max(1, (segment.levels.count) / 2)
    var best = count - 1
    var bestLevel = Float.infinity
    for i in earliest..<count {
      // Average over three frames so a single quiet frame inside a word does not win.
      let lower = max(0, i - 1)
      let upper = min(count - 1, i + 1)
      var sum: Float = 0
      for j in lower...upper { sum += segment.levels[j] }
      let level = sum / Float(upper - lower + 1)
      if level < bestLevel {
        bestLevel = level
        best = i
      }
    }
    let cut = (segment.firstFrame + best) * frameLength
    let firstPartSpeech = segment.isSpeech[..<best].filter { $0 }.count
    let emitted =
      firstPartSpeech >= minSpeechFrames && cut > segment.startSample
      ? SpeechSegment(startSample: segment.startSample, endSample: cut) : nil
    if emitted != nil { lastEnd = cut }
    let restLevels = Array(segment.levels[best...])
    let restSpeech = Array(segment.isSpeech[best...])
    let speechLevels = zip(restLevels, restSpeech).filter(\.1).map(\.0)
    open = OpenSegment(
      startSample: cut, firstFrame: segment.firstFrame + best,
      lastSpeechFrame: segment.lastSpeechFrame, speechFrames: speechLevels.count,
      quietestSpeech: speechLevels.min() ?? .infinity, loudestSpeech: speechLevels.max() ?? -.infinity,
      levels: restLevels, isSpeech: restSpeech)
    return emitted
  }
}
