import DictationHost
import DictationValues
import Foundation
import SessionChannel
import SessionTestFakes
import TestSupport
import Testing

@Suite("Dictations the app makes for the cursor reach the keyboard", .serialized)
struct HostAppOfferTests {
  /// Records one app dictation for `target` and waits until it is delivered.
  func dictate(_ target: AppDictationTarget, in harness: HostHarness) async throws -> HistoryEntry {
    let updates = UpdatesSeen(await harness.host.updates())
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    #expect(await harness.host.requestFromApp(.start, target: target))
    #expect(await eventually { harness.microphone.isCapturing })
    harness.microphone.play(toneBursts(2))
    #expect(await harness.microphone.waitUntilTaken())
    #expect(await harness.host.requestFromApp(.stop))
    #expect(await eventually { updates.delivered.count == 1 })
    return try #require(updates.delivered.first)
  }

  @Test("a widget dictation is offered to the keyboard as a result saying where it came from; history says widget")
  func widgetDictationIsOffered() async throws {
    let harness = try HostHarness(engine: SampleCountEngine())
    defer { harness.dir.remove() }
    let entry = try await dictate(.cursor(.widget), in: harness)
    #expect(entry.origin == .widget)
    #expect(harness.archive.dictations.map(\.origin) == [.widget])
    let id = try #require(harness.channel.resultIDs().first)
    let result = try #require(harness.channel.readResult(id: id).value)
    #expect(result.id == entry.uuid)
    #expect(result.text == entry.finalText)
    #expect(result.commandSeq == 0)
    #expect(result.notice == "From Utter's widget")
    await harness.stop()
  }

  @Test("a Shortcut's dictation for the cursor is offered; one returned to its shortcut or kept by the app is not")
  func onlyCursorDictationsAreOffered() async throws {
    for (target, offered) in [
      (AppDictationTarget.cursor(.shortcut), true), (.shortcut, false), (.app, false),
    ] {
      let harness = try HostHarness(engine: SampleCountEngine())
      defer { harness.dir.remove() }
      let entry = try await dictate(target, in: harness)
      #expect(entry.origin == target.origin)
      #expect(harness.channel.resultIDs().count == (offered ? 1 : 0), "\(target)")
      if offered {
        let id = try #require(harness.channel.resultIDs().first)
        #expect(harness.channel.readResult(id: id).value?.notice == "Dictated in Utter")
      }
      await harness.stop()
    }
  }

  @Test(
    "a Shortcut's dictation handed to the cursor while it records is offered; nothing delivered or the keyboard's moves"
  )
  func handedOverWhileRecording() async throws {
    let harness = try HostHarness(engine: SampleCountEngine())
    defer { harness.dir.remove() }
    let updates = UpdatesSeen(await harness.host.updates())
    #expect(await eventually { harness.keyboard.state?.phase == .standby })
    #expect(await !harness.host.retargetAppDictation(to: .cursor(.shortcut)), "no dictation is running")
    #expect(await harness.host.requestFromApp(.start, target: .shortcut))
    #expect(await eventually { harness.microphone.isCapturing })
    #expect(await harness.host.retargetAppDictation(to: .cursor(.shortcut)))
    harness.microphone.play(toneBursts(2))
    #expect(await harness.microphone.waitUntilTaken())
    #expect(await harness.host.requestFromApp(.stop))
    #expect(await eventually { updates.delivered.count == 1 })
    #expect(updates.delivered.first?.origin == .shortcut)
    #expect(await eventually { harness.channel.resultIDs().count == 1 })
    let id = try #require(harness.channel.resultIDs().first)
    #expect(harness.channel.readResult(id: id).value?.notice == "Dictated in Utter")
    #expect(await !harness.host.retargetAppDictation(to: .cursor(.shortcut)), "delivered: nothing left to move")

    #expect(try await harness.startDictation(captures: 2))
    #expect(await !harness.host.retargetAppDictation(to: .app), "the keyboard's own dictation stays the keyboard's")
    await harness.stop()
  }
}
