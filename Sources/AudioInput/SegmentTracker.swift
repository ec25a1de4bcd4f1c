/// How one 10 ms frame sounded to the detector.
enum FrameKind: Sendable, Hashable {
  /// Near the noise floor.
  case quiet
  /// Well above the noise floor but not voice-like (fricatives such as "s", breath, noise bursts).
  case loud
  /// Loud and voice-like.
  case speech
}

/// Turns per-frame decisions into padded segments: closes them on pauses, drops blips, splits long ones.
///
/// A pure state machine over frames; it keeps only the frames of the open segment (at most `maxSegment` long).
struct SegmentTracker: Sendable {
  let frameLength: Int
  let minPauseFrames: Int
  let paddingSamples: Int
  let minSpeechFrames: Int
  let maxSegmentSamples: Int
  let minimumLevelSwing: Float
  /// Loud frames right before or after the speech (an initial or final "s") are kept, up to this many.
  let maxFricativeFrames = 30
  /// Frames at each end of the speech ignored when measuring the level swing (the 32 ms analysis window's ramp).
  let rampFrames = 4

  /// Index of the next frame to arrive.
  private(set) var frameIndex = 0
  /// The segment being built, if speech has started and no pause has ended it yet.
  private(set) var open: OpenSegment?
  /// Where the last emitted segment ended; the next one never starts before it.
  private var lastEnd = 0
  /// Consecutive loud (or speech) frames up to the latest one.
  private var loudRun = 0

  struct OpenSegment: Sendable {
    /// First sample, padding included.
    var startSample: Int
    /// Frame index of `levels[0]`.
    var firstFrame: Int
    var lastSpeechFrame: Int
    /// Last loud or speech frame joined without a gap to the speech.
    var lastActiveFrame: Int
    var speechFrames: Int
    /// Once the segment has shown enough speech it stays confirmed.
    var confirmed = false
    /// Level and kind of every frame since `firstFrame`, for the swing test and choosing a split point.
    var levels: [Float]
    var kinds: [FrameKind]
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
  var isSpeaking: Bool { open?.confirmed ?? false }

  /// Takes the next frame's kind and level; returns a segment when this frame closes or splits one.
  mutating func advance(_ kind: FrameKind, levelDBFS: Float) -> SpeechSegment? {
    let frame = frameIndex
    frameIndex += 1
    let loudBefore = loudRun
    loudRun = kind == .quiet ? 0 : loudRun + 1
    guard var segment = open else {
      if kind == .speech {
        let lead = min(loudBefore, maxFricativeFrames)
        let start = max(0, lastEnd, (frame - lead) * frameLength - paddingSamples)
        open = OpenSegment(
          startSample: start, firstFrame: frame, lastSpeechFrame: frame, lastActiveFrame: frame, speechFrames: 1,
          levels: [levelDBFS], kinds: [kind])
      }
      return nil
    }
    segment.levels.append(levelDBFS)
    segment.kinds.append(kind)
    switch kind {
    case .speech:
      segment.lastSpeechFrame = frame
      segment.lastActiveFrame = frame
      segment.speechFrames += 1
    case .loud where segment.lastActiveFrame == frame - 1 && frame - segment.lastSpeechFrame <= maxFricativeFrames:
      segment.lastActiveFrame = frame
    default:
      break
    }
    if !segment.confirmed && segment.speechFrames >= minSpeechFrames {
      segment.confirmed = levelSwing(segment, ignoringLast: rampFrames) >= minimumLevelSwing
    }
    if frame - segment.lastSpeechFrame >= minPauseFrames {
      return close(segment, limit: frameIndex * frameLength)
    }
    if frameIndex * frameLength - segment.startSample >= maxSegmentSamples {
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

  /// Loudest minus quietest speech frame, leaving out the ramps at the start and the latest `ignoringLast` frames.
  private func levelSwing(_ segment: OpenSegment, ignoringLast: Int) -> Float {
    var speechLevels: [Float] = []
    for (level, kind) in zip(segment.levels, segment.kinds) where kind == .speech { speechLevels.append(level) }
    let interior = speechLevels.dropFirst(rampFrames).dropLast(ignoringLast)
    guard let loudest = interior.max(), let quietest = interior.min() else { return 0 }
    return loudest - quietest
  }

  private mutating func close(_ segment: OpenSegment, limit: Int) -> SpeechSegment? {
    open = nil
    guard segment.speechFrames >= minSpeechFrames,
      segment.confirmed || levelSwing(segment, ignoringLast: rampFrames) >= minimumLevelSwing
    else { return nil }
    let end = min(limit, (segment.lastActiveFrame + 1) * frameLength + paddingSamples)
    guard end > segment.startSample else { return nil }
    lastEnd = end
    return SpeechSegment(startSample: segment.startSample, endSample: end)
  }

  /// Cuts the open segment at its quietest frame in the second half and keeps the rest open.
  private mutating func split(_ segment: inout OpenSegment) -> SpeechSegment? {
    let count = segment.levels.count
    let earliest = max(1, count / 2)
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
    let emitted =
      segment.confirmed && cut > segment.startSample
      ? SpeechSegment(startSample: segment.startSample, endSample: cut) : nil
    if emitted != nil { lastEnd = cut }
    let restLevels = Array(segment.levels[best...])
    let restKinds = Array(segment.kinds[best...])
    let restSpeech = restKinds.filter { $0 == .speech }.count
    open = OpenSegment(
      startSample: cut, firstFrame: segment.firstFrame + best,
      lastSpeechFrame: segment.lastSpeechFrame, lastActiveFrame: segment.lastActiveFrame, speechFrames: restSpeech,
      confirmed: segment.confirmed && restSpeech > 0, levels: restLevels, kinds: restKinds)
    return emitted
  }
}
