import Testing

@testable import DictationServer

/// A session's settings before each update: every setting away from its default, so an update that keeps one shows.
private let before = RealtimeSettings(
  id: "sess_table", turnDetection: .init(silenceMS: 800), language: "en", prompt: "Utter", model: "whisper-1",
  servedModel: "tiny.en")

/// `before` with `change` made.
private func after(_ change: (inout RealtimeSettings) -> Void) -> RealtimeSettings {
  var settings = before
  change(&settings)
  return settings
}

/// A `session.update` (OpenAI's transcription session) whose `audio.input` is `input`, with the event id `evt_t`.
private func update(input: String) -> String {
  #"{"type":"session.update","event_id":"evt_t","session":{"type":"transcription","audio":{"input":"#
    + input + "}}}"
}

/// A beta `transcription_session.update` whose `session` is `session`, with the event id `evt_t`.
private func betaUpdate(_ session: String) -> String {
  #"{"type":"transcription_session.update","event_id":"evt_t","session":"# + session + "}"
}

/// An update the server takes, and the settings after it.
struct TakenUpdate: CustomTestStringConvertible, Sendable {
  let testDescription: String
  let frame: String
  let settings: RealtimeSettings
  var beta = false
}

/// An update the server refuses, and the error event's fields.
struct RefusedUpdate: CustomTestStringConvertible, Sendable {
  let testDescription: String
  let frame: String
  let code: String?
  let param: String
  /// The whole message, when the case pins it.
  var message: String?
}

private let taken: [TakenUpdate] = [
  TakenUpdate(
    testDescription: "OpenAI's whole transcription session sets the language, prompt, model and server VAD's quiet",
    frame: update(
      input: #"""
        {"format":{"type":"audio/pcm","rate":24000},"noise_reduction":{"type":"near_field"},
         "transcription":{"model":"gpt-4o-transcribe","language":"de","prompt":"Wetter"},
         "turn_detection":{"type":"server_vad","threshold":0.5,"prefix_padding_ms":300,"silence_duration_ms":300,
           "create_response":true,"interrupt_response":true,"idle_timeout_ms":null}}
        """#),
    settings: after {
      $0.language = "de"
      $0.prompt = "Wetter"
      $0.model = "gpt-4o-transcribe"
      $0.turnDetection = .init(silenceMS: 300)
    }),
  TakenUpdate(
    testDescription: "a transcription alone keeps turn detection, and a prompt it leaves out is none",
    frame: update(input: #"{"transcription":{"model":"whisper-1","language":"de"}}"#),
    settings: after {
      $0.language = "de"
      $0.prompt = nil
    }),
  TakenUpdate(
    testDescription: "turn detection alone keeps the transcription",
    frame: update(input: #"{"turn_detection":{"type":"server_vad","silence_duration_ms":1200}}"#),
    settings: after { $0.turnDetection = .init(silenceMS: 1_200) }),
  TakenUpdate(
    testDescription: "a session without audio keeps every setting",
    frame: #"{"type":"session.update","session":{"type":"transcription"}}"#, settings: before),
  TakenUpdate(
    testDescription: "turn_detection null turns server VAD off and keeps the transcription",
    frame: update(input: #"{"turn_detection":null}"#), settings: after { $0.turnDetection = nil }),
  TakenUpdate(
    testDescription: "transcription null clears the language, prompt and model",
    frame: update(input: #"{"transcription":null}"#),
    settings: after {
      $0.language = nil
      $0.prompt = nil
      $0.model = nil
    }),
  TakenUpdate(
    testDescription: "a transcription's null language clears it alone",
    frame: update(input: #"{"transcription":{"language":null,"prompt":"Utter","model":"whisper-1"}}"#),
    settings: after { $0.language = nil }),
  TakenUpdate(
    testDescription: "server VAD without silence_duration_ms quiets for 500 ms, the default",
    frame: update(input: #"{"turn_detection":{"type":"server_vad"}}"#),
    settings: after { $0.turnDetection = .init(silenceMS: 500) }),
  TakenUpdate(
    testDescription: "turn detection without a type is server VAD",
    frame: update(input: #"{"turn_detection":{"silence_duration_ms":2000}}"#),
    settings: after { $0.turnDetection = .init(silenceMS: 2_000) }),
  TakenUpdate(
    testDescription: "a silence_duration_ms written 900.0 is 900 ms",
    frame: update(input: #"{"turn_detection":{"silence_duration_ms":900.0}}"#),
    settings: after { $0.turnDetection = .init(silenceMS: 900) }),
  TakenUpdate(
    testDescription: "semantic VAD of high eagerness quiets for 0.5 s",
    frame: update(input: #"{"turn_detection":{"type":"semantic_vad","eagerness":"high"}}"#),
    settings: after { $0.turnDetection = .init(silenceMS: 500) }),
  TakenUpdate(
    testDescription: "semantic VAD of medium eagerness quiets for 1 s",
    frame: update(input: #"{"turn_detection":{"type":"semantic_vad","eagerness":"medium","create_response":false}}"#),
    settings: after { $0.turnDetection = .init(silenceMS: 1_000) }),
  TakenUpdate(
    testDescription: "semantic VAD without eagerness is auto and quiets for 1 s",
    frame: update(input: #"{"turn_detection":{"type":"semantic_vad"}}"#),
    settings: after { $0.turnDetection = .init(silenceMS: 1_000) }),
  TakenUpdate(
    testDescription: "fields the server does not read are ignored: include, noise_reduction, a transcription's delay",
    frame: #"""
      {"type":"session.update","session":{"type":"transcription","include":["item.input_audio_transcription.logprobs"],
       "audio":{"input":{"noise_reduction":{"type":"far_field","strength":0.5},"unknown":{"deep":[1,2]},
       "transcription":{"model":"whisper-1","language":"en","prompt":"Utter","delay":"low","keywords":["Utter"]}}}},
       "something_new":true}
      """#,
    settings: before),
  TakenUpdate(
    testDescription: "a null noise_reduction and a null format change nothing",
    frame: update(input: #"{"noise_reduction":null,"format":null}"#), settings: before),
  TakenUpdate(
    testDescription: "the beta session sets the language, prompt, model and server VAD's quiet",
    frame: betaUpdate(
      #"""
      {"input_audio_format":"pcm16","input_audio_noise_reduction":{"type":"near_field"},"include":[],
       "input_audio_transcription":{"model":"gpt-4o-mini-transcribe","language":"de","prompt":"Wetter"},
       "turn_detection":{"type":"server_vad","threshold":0.5,"prefix_padding_ms":300,"silence_duration_ms":700}}
      """#),
    settings: after {
      $0.language = "de"
      $0.prompt = "Wetter"
      $0.model = "gpt-4o-mini-transcribe"
      $0.turnDetection = .init(silenceMS: 700)
    }, beta: true),
  TakenUpdate(
    testDescription: "the beta session's format alone keeps every setting",
    frame: betaUpdate(#"{"input_audio_format":"pcm16"}"#), settings: before, beta: true),
  TakenUpdate(
    testDescription: "the beta session's turn_detection null turns server VAD off",
    frame: betaUpdate(#"{"turn_detection":null}"#), settings: after { $0.turnDetection = nil }, beta: true),
  TakenUpdate(
    testDescription: "the beta session's semantic VAD of low eagerness quiets for 2 s",
    frame: betaUpdate(#"{"turn_detection":{"type":"semantic_vad","eagerness":"low"}}"#),
    settings: after { $0.turnDetection = .init(silenceMS: 2_000) }, beta: true),
  TakenUpdate(
    testDescription: "the beta session's input_audio_transcription null clears the language, prompt and model",
    frame: betaUpdate(#"{"input_audio_transcription":null}"#),
    settings: after {
      $0.language = nil
      $0.prompt = nil
      $0.model = nil
    }, beta: true),
  TakenUpdate(
    testDescription: "the beta session has no type to check: a GA 'type' in it is ignored",
    frame: betaUpdate(#"{"type":"realtime","turn_detection":null}"#), settings: after { $0.turnDetection = nil },
    beta: true),
]

private let refused: [RefusedUpdate] = [
  RefusedUpdate(
    testDescription: "a conversation session is refused on session.type",
    frame: #"{"type":"session.update","event_id":"evt_t","session":{"type":"realtime","audio":{"input":{}}}}"#,
    code: "invalid_value", param: "session.type",
    message:
      "This server runs transcription sessions only: 'session.type' must be 'transcription', not 'realtime'."),
  RefusedUpdate(
    testDescription: "G.711 μ-law audio is refused on the format",
    frame: update(input: #"{"format":{"type":"audio/pcmu"}}"#),
    code: "invalid_value", param: "session.audio.input.format"),
  RefusedUpdate(
    testDescription: "PCM at 16 kHz is refused on the format",
    frame: update(input: #"{"format":{"type":"audio/pcm","rate":16000}}"#), code: "invalid_value",
    param: "session.audio.input.format",
    message: "The only audio format is 'audio/pcm' at 24000 Hz (16-bit mono little-endian)."),
  RefusedUpdate(
    testDescription: "the beta session's G.711 is refused on input_audio_format",
    frame: betaUpdate(#"{"input_audio_format":"g711_ulaw"}"#), code: "invalid_value",
    param: "session.input_audio_format"),
  RefusedUpdate(
    testDescription: "a language that is no ISO 639-1 code is refused on the transcription's language",
    frame: update(input: #"{"transcription":{"language":"english"}}"#), code: nil,
    param: "session.audio.input.transcription.language"),
  RefusedUpdate(
    testDescription: "a language the engine does not read is refused on the beta transcription's language",
    frame: betaUpdate(#"{"input_audio_transcription":{"language":"xx"}}"#), code: "unsupported_language",
    param: "session.input_audio_transcription.language"),
  RefusedUpdate(
    testDescription: "a quiet below 100 ms is refused on silence_duration_ms",
    frame: update(input: #"{"turn_detection":{"silence_duration_ms":-5}}"#), code: "invalid_value",
    param: "session.audio.input.turn_detection.silence_duration_ms",
    message: "'silence_duration_ms' must be a whole number of milliseconds from 100 to 10000."),
  RefusedUpdate(
    testDescription: "a quiet of a fraction of a millisecond is refused on silence_duration_ms",
    frame: update(input: #"{"turn_detection":{"silence_duration_ms":800.5}}"#), code: "invalid_value",
    param: "session.audio.input.turn_detection.silence_duration_ms"),
  RefusedUpdate(
    testDescription: "a null quiet is refused on the beta session's silence_duration_ms",
    frame: betaUpdate(#"{"turn_detection":{"type":"server_vad","silence_duration_ms":null}}"#), code: "invalid_value",
    param: "session.turn_detection.silence_duration_ms"),
  RefusedUpdate(
    testDescription: "a turn detection of another type is refused on its type",
    frame: update(input: #"{"turn_detection":{"type":"push_to_talk"}}"#), code: "invalid_value",
    param: "session.audio.input.turn_detection.type",
    message: "Invalid turn detection 'push_to_talk': use 'server_vad', 'semantic_vad' or null."),
  RefusedUpdate(
    testDescription: "turn_detection that is not an object is refused as before, saying null is the other choice",
    frame: update(input: #"{"turn_detection":"server_vad"}"#), code: "invalid_value",
    param: "session.audio.input.turn_detection", message: "'turn_detection' must be an object or null."),
  RefusedUpdate(
    testDescription: "silence_duration_ms as a string is refused as a quiet out of range is",
    frame: betaUpdate(#"{"turn_detection":{"silence_duration_ms":"500"}}"#), code: "invalid_value",
    param: "session.turn_detection.silence_duration_ms",
    message: "'silence_duration_ms' must be a whole number of milliseconds from 100 to 10000."),
  RefusedUpdate(
    testDescription: "a session that is not an object is refused as a missing one is",
    frame: #"{"type":"session.update","event_id":"evt_t","session":"transcription"}"#,
    code: "missing_required_parameter", param: "session", message: "'session' must be an object."),
  RefusedUpdate(
    testDescription: "a language that is a number is OpenAI's invalid_type, naming the field",
    frame: update(input: #"{"transcription":{"language":5}}"#), code: "invalid_type",
    param: "session.audio.input.transcription.language",
    message: "Invalid type for 'session.audio.input.transcription.language': expected a string."),
  RefusedUpdate(
    testDescription: "a beta prompt that is an object is OpenAI's invalid_type, naming the field",
    frame: betaUpdate(#"{"input_audio_transcription":{"prompt":{"text":"Utter"}}}"#), code: "invalid_type",
    param: "session.input_audio_transcription.prompt",
    message: "Invalid type for 'session.input_audio_transcription.prompt': expected a string."),
  RefusedUpdate(
    testDescription: "an eagerness that is a number is OpenAI's invalid_type, naming the field",
    frame: update(input: #"{"turn_detection":{"type":"semantic_vad","eagerness":2}}"#), code: "invalid_type",
    param: "session.audio.input.turn_detection.eagerness"),
  RefusedUpdate(
    testDescription: "a rate that is a string is OpenAI's invalid_type, naming the field",
    frame: update(input: #"{"format":{"type":"audio/pcm","rate":"24000"}}"#), code: "invalid_type",
    param: "session.audio.input.format.rate",
    message: "Invalid type for 'session.audio.input.format.rate': expected a number."),
  RefusedUpdate(
    testDescription: "a beta format string in a GA session is OpenAI's invalid_type on the format",
    frame: update(input: #"{"format":"pcm16"}"#), code: "invalid_type", param: "session.audio.input.format",
    message: "Invalid type for 'session.audio.input.format': expected an object."),
  RefusedUpdate(
    testDescription: "audio that is a string is OpenAI's invalid_type, naming the field",
    frame: #"{"type":"session.update","event_id":"evt_t","session":{"type":"transcription","audio":"pcm"}}"#,
    code: "invalid_type", param: "session.audio"),
  RefusedUpdate(
    testDescription: "a session type that is a number is OpenAI's invalid_type, naming the field",
    frame: #"{"type":"session.update","event_id":"evt_t","session":{"type":1}}"#, code: "invalid_type",
    param: "session.type"),
  RefusedUpdate(
    testDescription: "an update without a session is missing it",
    frame: #"{"type":"transcription_session.update","event_id":"evt_t"}"#, code: "missing_required_parameter",
    param: "session", message: "'session' must be an object."),
]

@Suite("utter serve reads a Realtime session update as OpenAI's clients write it")
struct RealtimeSessionUpdateTests {
  @Test(arguments: taken)
  func takes(_ update: TakenUpdate) {
    guard
      case .success((.update(let settings, let beta), _)) = RealtimeClientEvent.parse(update.frame, settings: before)
    else {
      Issue.record("refused: \(RealtimeClientEvent.parse(update.frame, settings: before))")
      return
    }
    #expect(settings == update.settings)
    #expect(beta == update.beta)
  }

  @Test(arguments: refused)
  func refuses(_ update: RefusedUpdate) {
    guard case .failure(let error) = RealtimeClientEvent.parse(update.frame, settings: before) else {
      Issue.record("taken: \(RealtimeClientEvent.parse(update.frame, settings: before))")
      return
    }
    #expect(error.code == update.code)
    #expect(error.param == update.param)
    #expect(error.eventID == "evt_t", "the error names the client's event")
    #expect(error.type == "invalid_request_error")
    if let message = update.message { #expect(error.message == message) }
  }

  @Test("a wrong type elsewhere in the event is named too: a 'type' that is a number, an event_id that is not read")
  func eventFields() {
    guard case .failure(let error) = RealtimeClientEvent.parse(#"{"type":7}"#, settings: before) else {
      Issue.record("a numeric type is taken")
      return
    }
    #expect(error.code == "invalid_type")
    #expect(error.param == "type")
    #expect(error.message == "Invalid type for 'type': expected a string.")
    let commit = RealtimeClientEvent.parse(#"{"type":"input_audio_buffer.commit","event_id":42}"#, settings: before)
    guard case .success((.commit, let eventID)) = commit else {
      Issue.record("a commit with a numeric event_id is refused: \(commit)")
      return
    }
    #expect(eventID == nil, "an event_id that is not a string is not echoed")
  }
}
