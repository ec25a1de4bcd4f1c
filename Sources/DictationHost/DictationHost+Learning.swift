import Logging
import SessionChannel
import SpeechEngine
import WordMatching

extension DictationHost {
  /// Learns from the keyboard's corrections, each judged by the audio of the dictation it corrects first.
  func learn(_ corrections: [CorrectedWords]) async {
    var options = sessionOptions
    options.vocabulary = []
    options.learnedForms = []
    let judged = await Self.judgeByAudio(
      corrections, dictations: learning.recent, engine: engine.loaded, options: options, logger: logger)
    let result = environment.learnCorrections(judged)
    learning.learned(vocabulary: result.vocabulary, forms: result.learnedForms)
    logger.info("correction: \(result.summary)")
  }

  /// `corrections` with what the audio says: the newest of `dictations` (engine text and audio) that holds each
  /// heard form is read again with the corrected words as the prompt (`LearnedForms.heardInAudio`), and the words
  /// next to the heard form are noted. With no engine, or no dictation holding the words, the audio says nothing
  /// (nil). `utter bench learning` judges its corrections the same way.
  public static func judgeByAudio(
    _ corrections: [CorrectedWords], dictations: [(raw: String, audio: [Float])], engine: (any SpeechEngine)?,
    options: TranscriptionOptions, logger: Logger
  ) async -> [CorrectedWords] {
    var judged = corrections
    var byDictation: [Int: [Int]] = [:]
    for (index, correction) in corrections.enumerated() {
      guard let found = dictations.lastIndex(where: { LearnedForms.position(of: correction.heard, in: $0.raw) != nil })
      else { continue }
      judged[index].context = LearnedForms.neighbours(of: correction.heard, in: dictations[found].raw)
      byDictation[found, default: []].append(index)
    }
    guard let engine, !byDictation.isEmpty else { return judged }
    for (found, indices) in byDictation.sorted(by: { $0.key < $1.key }) {
      let dictation = dictations[found]
      let pairs = indices.map { (heard: corrections[$0].heard, corrected: corrections[$0].corrected) }
      do {
        let verdicts = try await LearnedForms.heardInAudio(text: dictation.raw, corrections: pairs) { prompt in
          var prompted = options
          prompted.prompt = prompt
          return try await VoicedTranscription(windowing: engine.windowing)
            .transcribe(dictation.audio, engine: engine, options: prompted).text
        }
        for (index, verdict) in zip(indices, verdicts) { judged[index].heardInAudio = verdict }
      } catch {
        logger.notice("cannot read a corrected dictation again (\(error)); judging its corrections by spelling")
      }
    }
    return judged
  }
}
