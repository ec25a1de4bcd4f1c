import DictationValues
import Foundation
import SessionChannel
import TestSupport
import Testing

@Suite("Session channel files")
struct ChannelRoundTripTests {
  @Test("commands, state and results written by one side are read back by the other")
  func roundTrip() throws {
    let dir = try TemporaryDirectory("channel")
    defer { dir.remove() }
    let writer = SessionChannel(container: dir.url)
    let reader = SessionChannel(container: dir.url)

    var log = CommandLog()
    log.append(
      SessionCommand(
        seq: 1, sessionID: "s1", kind: .start, sentAt: 100,
        context: FieldContext(textBeforeCursor: "Dear Sam,", keyboardType: "default", contentType: "emailBody")))
    log.append(SessionCommand(seq: 2, sessionID: "s1", kind: .ack, sentAt: 101, resultID: "s1-1"))
    try writer.writeCommands(log)
    #expect(reader.readCommands().value == log)

    var state = HostState(seq: 7, sessionID: "s1", phase: .recording, heartbeat: 1000)
    state.expiresAt = 1900
    state.dictationCommandSeq = 1
    state.audioLevel = -23.5
    state.liveText = LiveText(confirmed: "hello", volatile: "there", revision: 2)
    state.lastCommandSeq = 2
    try writer.writeState(state)
    #expect(reader.readState().value == state)

    let result = DictationResult(
      id: "s1-1", sessionID: "s1", commandSeq: 1, text: "Hello there.", rawText: "hello there", createdAt: 1001)
    try writer.writeResult(result)
    #expect(reader.resultIDs() == ["s1-1"])
    #expect(reader.readResult(id: "s1-1").value == result)
    try writer.removeResult(id: "s1-1")
    #expect(reader.resultIDs().isEmpty)
  }

  @Test("a result's notice survives the channel, and a result file written before notices existed still reads")
  func resultNotice() throws {
    let dir = try TemporaryDirectory("channel")
    defer { dir.remove() }
    let channel = SessionChannel(container: dir.url)
    let notice = "Not polished: OpenAI is limiting requests (HTTP 429); try again later"
    try channel.writeResult(
      DictationResult(
        id: "s1-1", sessionID: "s1", commandSeq: 1, text: "Hi", rawText: "hi", createdAt: 5, notice: notice))
    #expect(channel.readResult(id: "s1-1").value?.notice == notice)

    let old = #"{"id":"s1-2","sessionID":"s1","commandSeq":2,"text":"Yes","rawText":"yes","createdAt":6}"#
    let decoded = try JSONDecoder().decode(DictationResult.self, from: Data(old.utf8))
    #expect(decoded.text == "Yes")
    #expect(decoded.notice == nil)
  }

  @Test("results are listed in dictation order: the 10th after the 9th, not before it as text would sort")
  func resultsInDictationOrder() throws {
    let dir = try TemporaryDirectory("channel")
    defer { dir.remove() }
    let channel = SessionChannel(container: dir.url)
    for seq in [10, 2, 9, 1, 11] {
      try channel.writeResult(
        DictationResult(
          id: "s1-\(seq)", sessionID: "s1", commandSeq: seq, text: "text \(seq)", rawText: "text", createdAt: 1))
    }
    #expect(channel.resultIDs() == ["s1-1", "s1-2", "s1-9", "s1-10", "s1-11"])
  }

  @Test("an atomic write leaves no temporary file behind and replaces the whole file")
  func atomicWriteLeavesNoTemporaryFiles() throws {
    let dir = try TemporaryDirectory("channel")
    defer { dir.remove() }
    let url = dir.path("state.json")
    try AtomicFile.write(Data(repeating: 0x41, count: 5000), to: url)
    try AtomicFile.write(Data("short".utf8), to: url)
    #expect(try String(contentsOf: url, encoding: .utf8) == "short")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["state.json"])
  }

  @Test("a missing file reads as missing, not as an error")
  func missingFiles() throws {
    let dir = try TemporaryDirectory("channel")
    defer { dir.remove() }
    let channel = SessionChannel(container: dir.url)
    guard case .missing = channel.readState() else {
      Issue.record("expected missing")
      return
    }
    guard case .missing = channel.readCommands() else {
      Issue.record("expected missing")
      return
    }
  }

  @Test("the command log keeps the newest commands and yields only unseen ones, in order")
  func commandLogQueue() {
    var log = CommandLog()
    for seq in 1...20 { log.append(SessionCommand(seq: seq, sessionID: "s", kind: .stop, sentAt: 0)) }
    #expect(log.commands.count == CommandLog.capacity)
    #expect(log.commands.first?.seq == 5)
    #expect(log.lastSeq == 20)
    #expect(log.commands(after: 17).map(\.seq) == [18, 19, 20])
  }

  @Test("a log of the largest edits and field contexts still fits the channel: only the newest edit is kept")
  func largestLogFits() throws {
    let dir = try TemporaryDirectory("channel")
    defer { dir.remove() }
    let channel = SessionChannel(container: dir.url)
    let widest = String(repeating: "👋", count: 2_100)
    var log = CommandLog()
    for seq in 1...CommandLog.capacity {
      let edit = InsertionEdit(inserted: String(widest.prefix(1_000)), edited: widest, inView: widest)
      let context = FieldContext(textBeforeCursor: String(widest.prefix(500)))
      log.append(
        seq.isMultiple(of: 2)
          ? SessionCommand(seq: seq, sessionID: "s", kind: .correction, sentAt: 0, edit: edit)
          : SessionCommand(seq: seq, sessionID: "s", kind: .start, sentAt: 0, context: context))
    }
    #expect(log.commands.filter { $0.kind == .correction }.map(\.seq) == [CommandLog.capacity])
    try channel.writeCommands(log)
    #expect(channel.readCommands().value == log)
  }

  @Test("session timeouts map to the offered choices")
  func sessionTimeouts() {
    #expect(SessionTimeout(seconds: 300) == .fiveMinutes)
    #expect(SessionTimeout(seconds: 900).seconds == 900)
    #expect(SessionTimeout(seconds: 3600) == .oneHour)
    #expect(SessionTimeout(seconds: 0) == .never)
    #expect(SessionTimeout.never.seconds == nil)
    #expect(SessionTimeout(seconds: 42).seconds == 42)
  }
}
