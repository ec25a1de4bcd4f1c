import DictationHost
import DictationValues
import SessionChannel
import SpeechEngine
import Testing

@Suite("Host publisher: the state the keyboard is told, and the results it is offered")
struct HostPublisherTests {
  @Test("states are numbered one past the last, and none is written before a session")
  func numbering() {
    var publisher = HostPublisher()
    #expect(publisher.state(of: HostModel(timeout: .never), waits: [], recording: nil, now: 1) == nil)
    let model = HostModel.standby()
    let first = publisher.state(of: model, waits: [.microphonePermission], recording: nil, now: 1)
    let second = publisher.state(of: model, phase: .inactive, waits: [], recording: nil, now: 2)
    #expect(first?.seq == 1)
    #expect(first?.waitingOn == [.microphonePermission])
    #expect(first?.phase == .standby)
    #expect(second?.seq == 2)
    #expect(second?.phase == .inactive, "the end of the session is said whatever the model's phase")
    #expect(second?.heartbeat == 2)
    #expect(!publisher.waitsChanged([]))
    #expect(publisher.waitsChanged([.modelLoading]))
  }

  @Test(
    "the level, the microphone and the countdown are published only while recording",
    arguments: [(HostModel.recording(), true), (HostModel.standby(), false)])
  func recordingFigures(model: HostModel, recording: Bool) {
    var publisher = HostPublisher()
    publisher.audioLevel = -23
    publisher.microphoneName = "AirPods Pro"
    publisher.liveText = LiveText(confirmed: "Hello", volatile: " there")
    let figures = RecordingFigures(stopsIn: 12, canKeepGoing: true)
    let state = publisher.state(of: model, waits: [], recording: figures, now: 5)
    #expect(state?.audioLevel == (recording ? -23 : nil))
    #expect(state?.microphone == (recording ? "AirPods Pro" : nil))
    #expect(state?.stopsIn == (recording ? 12 : nil))
    #expect(state?.canKeepGoing == (recording ? true : nil))
    #expect(state?.dictationCommandSeq == (recording ? 1 : nil))
    #expect(state?.liveText?.confirmed == "Hello")

    publisher.recordingStarted()
    let next = publisher.state(of: model, waits: [], recording: figures, now: 6)
    #expect(next?.audioLevel == nil, "a new recording shows no level of the last")
    #expect(next?.liveText == nil)
  }

  @Test(
    "who is offered a dictation's text, and the line it is shown with",
    arguments: [
      (AppDictationTarget.app, false, nil as String?, false),
      (.app, true, nil, true),
      (.cursor(.widget), false, "From Utter's widget", true),
      (.cursor(.shortcut), false, "Dictated in Utter", true),
      (.shortcut, false, nil, false),
    ])
  func offers(target: AppDictationTarget, keyboard: Bool, notice: String?, offered: Bool) {
    var publisher = HostPublisher()
    publisher.appTarget = target
    let started =
      keyboard
      ? ActiveDictation(sessionID: "s1", commandSeq: 3, context: FieldContext(selection: "old words"))
      : ActiveDictation(sessionID: "s1", appDictation: 1, context: FieldContext())
    let dictation = publisher.originated(started)
    #expect(dictation.origin == (keyboard ? .keyboard : target.origin))
    let entry = HistoryEntry(uuid: dictation.id, rawText: "see you", finalText: "See you.", origin: dictation.origin)
    let result = publisher.keyboardResult(for: dictation, entry: entry, notice: nil, sessionID: "s1", now: 9)
    #expect((result != nil) == offered)
    #expect(result?.notice == notice)
    if keyboard {
      #expect(result?.text == "See you.")
      #expect(result?.commandSeq == 3)
      #expect(result?.selection == "old words", "the words the dictation replaces go with it")
    }
  }

  @Test("a dictation cut short says so beside the polish's notice")
  func cutShortNotice() {
    let publisher = HostPublisher()
    var dictation = ActiveDictation(sessionID: "s1", commandSeq: 1, context: FieldContext())
    dictation.cutShort = .call
    let entry = HistoryEntry(uuid: dictation.id, finalText: "Before the call.", origin: .keyboard)
    let result = publisher.keyboardResult(
      for: dictation, entry: entry, notice: "Polish took too long: the text is as heard.", sessionID: "s1", now: 1)
    #expect(
      result?.notice
        == "Cut off by a call or Siri: this is what you said before it. · Polish took too long: the text is as heard.")
  }
}

@Suite("Host learning: what a session learned, and the dictations corrections are judged by")
struct HostLearningTests {
  @Test("the three newest dictations of a minute or less are kept")
  func remembers() {
    var learning = HostLearning()
    for (index, seconds) in [5.0, 61, 10, 20, 30].enumerated() {
      learning.remember(raw: "dictation \(index)", audio: [Float](repeating: 0, count: Int(seconds * 16_000)))
    }
    #expect(learning.recent.map(\.raw) == ["dictation 2", "dictation 3", "dictation 4"])
  }

  @Test("what a correction taught is read until the settings are read again, which hold it")
  func options() {
    var base = TranscriptionOptions()
    base.vocabulary = ["Utter"]
    var learning = HostLearning()
    #expect(learning.options(from: base).vocabulary == ["Utter"])
    learning.learned(vocabulary: ["Utter", "Siobhan"], forms: nil)
    #expect(learning.options(from: base).vocabulary == ["Utter", "Siobhan"])
    learning.learned(vocabulary: nil, forms: [])
    #expect(learning.options(from: base).vocabulary == ["Utter", "Siobhan"], "a change of forms keeps the words")
    learning.settingsRead()
    #expect(learning.options(from: base).vocabulary == ["Utter"])
  }
}

extension HostPaceTests {
  @Test("a command speeds the poll up; a dictation under way keeps it quick; a quiet minute slows it")
  func follows() {
    var pace = HostPace(busy: 0.1)
    pace.activity(at: 0)
    pace.heartbeat(phase: .standby, dictating: false, now: 30, idle: 2)
    #expect(pace.poll.seconds == 0.1)
    pace.heartbeat(phase: .standby, dictating: false, now: 60, idle: 2)
    #expect(pace.poll.seconds == 2)
    pace.heartbeat(phase: .recording, dictating: true, now: 200, idle: 2)
    #expect(pace.poll.seconds == 0.1)
    pace.heartbeat(phase: .standby, dictating: false, now: 259, idle: 2)
    #expect(pace.poll.seconds == 0.1, "the dictation counted as activity")
    pace.heartbeat(phase: .standby, dictating: false, now: 260, idle: 2)
    #expect(pace.poll.seconds == 2)
    pace.activity(at: 261)
    #expect(pace.poll.seconds == 0.1)
  }
}
