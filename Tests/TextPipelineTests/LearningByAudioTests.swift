import Testing
import WordMatching

@testable import TextPipeline

@Suite("Corrections judged by the audio")
struct LearningByAudioTests {
  static func judge(_ heard: String, _ corrected: String, audio: Bool?) -> LearnableCorrection.Verdict {
    LearnableCorrection.judge(WordSubstitution(heard: heard, corrected: corrected), heardInAudio: audio)
  }

  @Test("a name spelled unlike its sound is learned when the audio bears it out, and refused with why when not")
  func nameUnlikeItsSound() {
    let learned = Self.judge("Sivor", "Siobhan", audio: true).correction
    #expect(learned?.kind == .soundsAlike)
    #expect(learned?.replacesHeard == true)
    #expect(learned?.evidence == "the audio, read again with it as the prompt, says 'Siobhan'")
    #expect(
      Self.judge("Sivor", "Siobhan", audio: false)
        == .reject("does not sound like what was heard: read again with it as the prompt, the audio still says 'Sivor'")
    )
    #expect(
      Self.judge("Sivor", "Siobhan", audio: nil)
        == .reject("does not sound like what was heard (by spelling; the audio could not be read again)"))
  }

  @Test("spelling stays one signal: a name spelled like what was heard is learned whatever the audio")
  func spellingSignal() {
    #expect(Self.judge("Shivon", "Siobhan", audio: false).correction?.evidence == "spelled like what was heard")
    #expect(Self.judge("git hub", "GitHub", audio: false).correction?.kind == .spelling)
  }

  @Test("an ordinary phrase heard for a name is learned guarded; a change of mind is refused even if 'heard'")
  func guardedAndRefused() {
    let niamh = Self.judge("I am", "Niamh", audio: true).correction
    #expect(niamh?.replacesHeard == false, "'I am' is never rewritten by rule")
    #expect(Self.judge("Friday", "Monday", audio: true) == .reject("common words: a change of mind"))
    #expect(
      Self.judge("prevent", "present", audio: true) == .reject("an ordinary lower-case word, not a name or a term"))
  }
}
