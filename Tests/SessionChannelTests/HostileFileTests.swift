import Foundation
import SessionChannel
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Channel readers survive hostile files")
struct HostileFileTests {
  let validState =
    #"{"heartbeat":1000,"lastCommandSeq":0,"partialText":"","phase":"standby","seq":1,"sessionID":"s1","waitingOn":[]}"#

  func rejection(_ contents: String, file: String = "state.json") throws -> String? {
    let dir = try TemporaryDirectory("hostile")
    defer { dir.remove() }
    try Data(contents.utf8).write(to: dir.path(file))
    let channel = SessionChannel(container: dir.url)
    return file == "state.json" ? channel.readState().rejection : channel.readCommands().rejection
  }

  @Test("a valid state file is accepted (the baseline for the hostile cases)")
  func baseline() throws {
    #expect(try rejection(validState) == nil)
  }

  @Test(
    "partial, corrupt, wrongly typed or out-of-range state is rejected with a reason",
    arguments: [
      String(#"{"heartbeat":1000,"lastCommandSeq":0,"partialText":"","phase":"st"#),  // partial write
      "",  // empty
      "\u{0}\u{1}\u{2}garbage",  // binary
      #"{"heartbeat":"soon","lastCommandSeq":0,"partialText":"","phase":"standby","seq":1,"sessionID":"s1","waitingOn":[]}"#,
      #"{"heartbeat":1000,"lastCommandSeq":0,"partialText":"","phase":"exploding","seq":1,"sessionID":"s1","waitingOn":[]}"#,
      #"{"heartbeat":1000,"lastCommandSeq":0,"partialText":"","phase":"standby","seq":-4,"sessionID":"s1","waitingOn":[]}"#,
      #"{"heartbeat":1000,"lastCommandSeq":0,"partialText":"","phase":"standby","seq":1e300,"sessionID":"s1","waitingOn":[]}"#,
      #"{"heartbeat":1000,"lastCommandSeq":99999999999999999,"partialText":"","phase":"standby","seq":1,"sessionID":"s1","waitingOn":[]}"#,
      #"{"heartbeat":1e308,"lastCommandSeq":0,"partialText":"","phase":"standby","seq":1,"sessionID":"s1","waitingOn":[]}"#,
      #"{"heartbeat":1000,"lastCommandSeq":0,"partialText":"","phase":"standby","seq":1,"sessionID":"../../etc","waitingOn":[]}"#,
      #"[1,2,3]"#,
    ])
  func hostileState(_ contents: String) throws {
    let reason = try rejection(contents)
    #expect(reason != nil)
  }

  @Test("live text within bounds is accepted; too long, or with a revision out of range, is rejected")
  func liveTextBounds() throws {
    func state(confirmed: Int, revision: Int) -> String {
      let text = String(repeating: "a", count: confirmed)
      return #"{"heartbeat":1000,"lastCommandSeq":0,"partialText":"","phase":"recording","seq":1,"sessionID":"s1","#
        + #""waitingOn":[],"liveText":{"confirmed":""# + text + #"","volatile":"b","revision":"# + "\(revision)}}"
    }
    #expect(try rejection(state(confirmed: 4000, revision: 3)) == nil)
    #expect(try rejection(state(confirmed: 16_001, revision: 3)) != nil)
    #expect(try rejection(state(confirmed: 10, revision: -1)) != nil)
  }

  @Test("the microphone's name and the seconds left to record are read within bounds; beyond them, rejected")
  func recordingNoteBounds() throws {
    func state(_ fields: String) -> String {
      #"{"heartbeat":1000,"lastCommandSeq":0,"phase":"recording","seq":1,"sessionID":"s1","waitingOn":[]"#
        + fields + "}"
    }
    let named = #","microphone":"AirPods Pro","stopsIn":27.5,"canKeepGoing":true"#
    #expect(try rejection(state(named)) == nil)
    let dir = try TemporaryDirectory("hostile")
    defer { dir.remove() }
    try Data(state(named).utf8).write(to: dir.path("state.json"))
    let read = SessionChannel(container: dir.url).readState().value
    #expect(read?.microphone == "AirPods Pro" && read?.stopsIn == 27.5 && read?.canKeepGoing == true)
    #expect(try rejection(state(#","microphone":""# + String(repeating: "m", count: 65) + #"""#)) != nil)
    #expect(try rejection(state(#","stopsIn":-1"#)) != nil)
    #expect(try rejection(state(#","stopsIn":1e300"#)) != nil)
  }

  @Test("a command log with a negative sequence number or a path in a result id is rejected")
  func hostileCommands() throws {
    let negative = #"{"commands":[{"kind":"stop","sentAt":1,"seq":-1,"sessionID":"s1"}]}"#
    #expect(try rejection(negative, file: "commands.json") != nil)
    let traversal = #"{"commands":[{"kind":"ack","sentAt":1,"seq":3,"sessionID":"s1","resultID":"../../x"}]}"#
    #expect(try rejection(traversal, file: "commands.json") != nil)
    let ackWithoutID = #"{"commands":[{"kind":"ack","sentAt":1,"seq":3,"sessionID":"s1"}]}"#
    #expect(try rejection(ackWithoutID, file: "commands.json") != nil)
  }

  @Test("an edited insertion is read back; a correction without one, or with an over-long part, is rejected")
  func corrections() throws {
    func command(_ edit: String) -> String {
      #"{"commands":[{"kind":"correction","sentAt":1,"seq":3,"sessionID":"s1""# + edit + "}]}"
    }
    let valid = #","edit":{"inserted":"Call Shivor.","edited":"Call Siobhan.","inView":"Call Siobhan."}"#
    #expect(try rejection(command(valid), file: "commands.json") == nil)
    let lost = #","edit":{"inserted":"Call Shivor.","inView":"Call Siobhan."}"#
    #expect(try rejection(command(lost), file: "commands.json") == nil, "a span not found again still has the view")
    #expect(try rejection(command(""), file: "commands.json") != nil)
    let long = String(repeating: "a", count: 2_101)
    let tooLong = #","edit":{"inserted":"x","edited":""# + long + #"","inView":"x"}"#
    #expect(try rejection(command(tooLong), file: "commands.json") != nil)
    let fits = #","edit":{"inserted":"x","edited":""# + long.dropLast() + #"","inView":"x"}"#
    #expect(try rejection(command(fits), file: "commands.json") == nil)
  }

  @Test("an oversized file is rejected without being decoded")
  func oversized() throws {
    let padding = String(repeating: " ", count: 70 * 1024)
    let reason = try rejection(validState + padding)
    #expect(reason?.contains("limit") == true)
  }

  @Test("a symbolic link, a FIFO or a directory in place of a message is rejected and never blocks")
  func notRegularFiles() throws {
    let dir = try TemporaryDirectory("hostile")
    defer { dir.remove() }
    let channel = SessionChannel(container: dir.url)
    try Data(validState.utf8).write(to: dir.path("secret.json"))
    try FileManager.default.createSymbolicLink(at: dir.path("state.json"), withDestinationURL: dir.path("secret.json"))
    #expect(channel.readState().rejection?.contains("symbolic link") == true)

    #expect(mkfifo(dir.path("commands.json").path, 0o644) == 0)
    #expect(channel.readCommands().rejection?.contains("regular file") == true)

    try FileManager.default.createDirectory(at: dir.path("result-abc.json"), withIntermediateDirectories: false)
    #expect(channel.readResult(id: "abc").rejection != nil)
  }

  @Test("result ids that are paths are refused for reading, writing and listing")
  func resultIDsAreNotPaths() throws {
    let dir = try TemporaryDirectory("hostile")
    defer { dir.remove() }
    let channel = SessionChannel(container: dir.url)
    #expect(channel.readResult(id: "../state").rejection != nil)
    let evil = DictationResult(id: "../evil", sessionID: "s", commandSeq: 1, text: "x", rawText: "x", createdAt: 1)
    #expect(throws: ChannelError.self) { try channel.writeResult(evil) }
    try Data("{}".utf8).write(to: dir.path("result-a b.json"))
    try Data("{}".utf8).write(to: dir.path("result-ok.json"))
    #expect(channel.resultIDs() == ["ok"])
    #expect(channel.readResult(id: "ok").rejection != nil)
  }

  @Test("a result file whose content names another result is rejected")
  func mismatchedResult() throws {
    let dir = try TemporaryDirectory("hostile")
    defer { dir.remove() }
    let channel = SessionChannel(container: dir.url)
    let result = DictationResult(id: "other", sessionID: "s", commandSeq: 1, text: "x", rawText: "x", createdAt: 1)
    try channel.writeResult(result)
    try FileManager.default.moveItem(at: dir.path("result-other.json"), to: dir.path("result-mine.json"))
    #expect(channel.readResult(id: "mine").rejection != nil)
  }
}

extension ChannelRead {
  /// Why the file was not trusted; nil when it was read or missing.
  var rejection: String? {
    if case .rejected(let reason) = self { return reason }
    return nil
  }
}
