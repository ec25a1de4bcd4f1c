import DictationValues
import Foundation
import Testing

@testable import Storage

@Suite("Recording dictations")
struct HistoryStoreTests {
  @Test("a trace kept before steps had reasons reads back: its note becomes the reason")
  func traceWithoutReasons() throws {
    let json =
      #"[{"stage":"dictionary","text":"deploy Kubernetes","note":"cube → Kubernetes"},{"stage":"s","text":"t"}]"#
    let steps = try JSONDecoder().decode([TraceStep].self, from: Data(json.utf8))
    #expect(
      steps == [
        TraceStep(stage: "dictionary", text: "deploy Kubernetes", reasons: ["cube → Kubernetes"]),
        TraceStep(stage: "s", text: "t"),
      ])
  }

  @Test("an inserted dictation comes back identical, with id, uuid and timestamps", arguments: StoreKind.allCases)
  func roundTrip(kind: StoreKind) throws {
    let store = try StoreFixture(kind)
    defer { store.folder.remove() }
    let trace = [
      TraceStep(stage: "transcribe", text: "um deploy cube", milliseconds: 812),
      TraceStep(stage: "dictionary", text: "deploy Kubernetes", reasons: ["cube → Kubernetes"]),
    ]
    let saved = try store.database.insertHistory(
      HistoryEntry(
        rawText: "um deploy cube", finalText: "Deploy Kubernetes.", trace: trace, engine: "whisper",
        model: "small.en", language: "en", audioSeconds: 2.5, processingSeconds: 0.31, origin: .cli,
        field: FieldContext(contentType: "email"), status: .pending, audioPath: "a.wav"))
    #expect(saved.id != nil)
    #expect(saved.uuid == "00000000-0000-0000-0000-000000000001")
    #expect(saved.createdAt == StoreFixture.start)
    let loaded = try store.database.historyEntry(id: saved.id ?? -1)
    #expect(loaded == saved)
    #expect(loaded?.trace[1].reasons == ["cube → Kubernetes"])
    #expect(try store.database.historyEntry(uuid: saved.uuid)?.id == saved.id)
  }

  @Test("markDelivered flags the entry and reports unknown uuids")
  func delivery() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    let entry = try store.dictate("Hello there")
    #expect(entry.delivered == false)
    store.clock.advance(by: 3)
    #expect(try store.database.markDelivered(uuid: entry.uuid))
    let loaded = try store.database.historyEntry(id: entry.id ?? -1)
    #expect(loaded?.delivered == true)
    #expect(loaded?.updatedAt == StoreFixture.start.addingTimeInterval(3))
    #expect(try store.database.markDelivered(uuid: "nope") == false)
  }

  @Test("latest history lists newest first")
  func latest() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    for word in ["one", "two", "three"] {
      try store.dictate(word)
      store.clock.advance(by: 10)
    }
    #expect(try store.database.latestHistory(limit: 2).map(\.finalText) == ["three", "two"])
  }

  @Test("a failed dictation with audio can be retried and becomes complete")
  func retry() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    let audio = try store.makeAudio("failed.wav")
    var failed = try store.dictate("", status: .failed, audioPath: audio)
    failed.errorMessage = "engine crashed"
    failed = try store.database.updateHistory(failed)
    try store.dictate("no audio here")
    let candidates = try store.database.historyWithAudio(limit: 10, statuses: [.failed])
    #expect(candidates.map(\.id) == [failed.id])
    #expect(store.database.audioURL(for: failed)?.lastPathComponent == "failed.wav")
    store.clock.advance(by: 30)
    let retried = try store.database.applyRetry(
      id: failed.id ?? -1, rawText: "hello world", finalText: "Hello world.", engine: "whisper", model: "small")
    #expect(retried.status == .complete)
    #expect(retried.errorMessage == nil)
    #expect(retried.updatedAt == StoreFixture.start.addingTimeInterval(30))
    #expect(try store.database.searchHistory("hello", limit: 5).map(\.id) == [failed.id])
    #expect(store.audioExists(audio), "retry keeps the audio")
  }

  @Test("deleting an entry deletes its audio file")
  func deleteOne() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    let audio = try store.makeAudio("x.wav")
    let entry = try store.dictate("secret plans", audioPath: audio)
    let other = try store.dictate("other")
    #expect(try store.database.deleteHistory(id: entry.id ?? -1))
    #expect(!store.audioExists(audio))
    #expect(try store.database.historyEntry(id: entry.id ?? -1) == nil)
    #expect(try store.database.searchHistory("secret", limit: 5).isEmpty)
    #expect(try store.database.historyEntry(id: other.id ?? -1) != nil)
    #expect(try store.database.deleteHistory(id: 999) == false)
  }

  @Test("deleting an entry, or all history, deletes what a crash left of it in the spool")
  func deleteRemovesSpool() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    let first = try store.dictate("first")
    let second = try store.dictate("second")
    let spool = try #require(store.database.spoolDirectory)
    try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
    for entry in [first, second] {
      for suffix in ["pcm", "json"] {
        try Data("x".utf8).write(to: spool.appendingPathComponent("\(entry.uuid).\(suffix)"))
      }
    }
    try store.database.deleteHistory(id: first.id ?? -1)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: spool.path).sorted()
        == ["\(second.uuid).json", "\(second.uuid).pcm"])
    try store.database.deleteAllHistory()
    #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path).isEmpty)
  }

  @Test("deleted text leaves no copy in the database files even before closing")
  func noCopyLeft() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    for index in 0..<50 { try store.dictate("routine dictation number \(index) about the weather") }
    let secret = try store.dictate("my bank password hint is quetzalcoatl")
    try store.database.deleteHistory(id: secret.id ?? -1)
    for name in ["utter.sqlite", "utter.sqlite-wal"] {
      let bytes = (try? Data(contentsOf: store.folder.path(name))) ?? Data()
      #expect(
        bytes.range(of: Data("quetzalcoatl".utf8)) == nil, "deleted text is not left in \(name) (\(bytes.count) bytes)")
    }
  }

  @Test("delete all removes every entry and every audio file, and leaves no text in the file")
  func deleteAll() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    let paths = try (1...3).map { try store.makeAudio("\($0).wav") }
    for (index, path) in paths.enumerated() {
      try store.dictate("confidential number \(index) zanzibarian", audioPath: path)
    }
    let result = try store.database.deleteAllHistory()
    #expect(result == DeletionResult(entries: 3, audioFiles: 3))
    #expect(paths.allSatisfy { !store.audioExists($0) })
    #expect(try store.database.historyCount() == 0)
    try store.database.close()
    for name in ["utter.sqlite", "utter.sqlite-wal"] {
      let bytes = (try? Data(contentsOf: store.folder.path(name))) ?? Data()
      #expect(bytes.range(of: Data("zanzibarian".utf8)) == nil, "deleted text is not left in \(name)")
    }
  }

  @Test("clearing an entry's audio path deletes the old file")
  func clearAudio() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    let audio = try store.makeAudio("keep.wav")
    var entry = try store.dictate("text", status: .failed, audioPath: audio)
    entry.audioPath = nil
    try store.database.updateHistory(entry)
    #expect(!store.audioExists(audio))
  }

  @Test("an audio path that escapes the audio folder is never deleted")
  func pathEscape() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    let outside = store.folder.path("precious.txt")
    try Data("keep".utf8).write(to: outside)
    let entry = try store.dictate("x", audioPath: "../precious.txt")
    try store.database.deleteHistory(id: entry.id ?? -1)
    #expect(FileManager.default.fileExists(atPath: outside.path))
  }

  @Test("with history off nothing is stored and the audio is deleted at once")
  func historyOff() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    try store.database.setSetting("retention", to: "off")
    #expect(try store.database.shouldKeepHistory() == false)
    let audio = try store.makeAudio("gone.wav")
    let entry = try store.dictate("private thought", audioPath: audio)
    #expect(entry.id == nil)
    #expect(entry.audioPath == nil)
    #expect(!store.audioExists(audio))
    #expect(try store.database.historyCount() == 0)
  }

  @Test("with keep-audio off a finished dictation's audio is deleted but a failed one's is kept")
  func keepAudioOff() throws {
    let store = try StoreFixture()
    defer { store.folder.remove() }
    try store.database.setSetting("keep-audio", to: "off")
    let done = try store.makeAudio("done.wav")
    let failed = try store.makeAudio("failed.wav")
    let finished = try store.dictate("ok", audioPath: done)
    try store.dictate("", status: .failed, audioPath: failed)
    #expect(finished.audioPath == nil)
    #expect(!store.audioExists(done))
    #expect(store.audioExists(failed))
  }

  @Test("updating an entry that does not exist says so")
  func updateMissing() throws {
    let store = try StoreFixture(.inMemory)
    defer { store.folder.remove() }
    #expect(throws: StorageError.self) {
      try store.database.updateHistory(HistoryEntry(id: 42, uuid: "missing", origin: .cli))
    }
  }
}
