import Foundation
import KeyboardModel
import KeyboardSimulation
import SessionChannel
import TestSupport
import Testing

/// The mic key held to talk: a drag gesture reports the touch, every move and the lift; the session decides.
@Suite("Keyboard: holding the mic key to talk ends when the finger lifts")
struct MicPressTests {
  static let touch = Date(timeIntervalSince1970: 1_795_341_600)

  /// What the gesture reports, in seconds after the touch.
  enum Report { case changed(Double), lifted(Double) }

  @Test(
    "the press counts one touch and the seconds from it to the lift",
    arguments: [
      ("a touch is a touch", [Report.changed(0)], [true], [Double?]()),
      (
        "a finger that moves while held does not press twice", [.changed(0), .changed(0.3), .changed(1.2)],
        [true, false, false], []
      ),
      ("a lift 2 s after touch gives 2.0", [.changed(0), .changed(0.5), .lifted(2)], [true, false], [2.0]),
      ("a lift with no touch gives nil", [.lifted(1)], [], [nil]),
      ("a second lift of the same touch gives nil", [.changed(0), .lifted(0.1), .lifted(0.2)], [true], [0.1, nil]),
      (
        "the next touch after a lift is a touch again", [.changed(0), .lifted(0.1), .changed(3), .lifted(5)],
        [true, true], [0.1, 2.0]
      ),
    ])
  func press(_ behaviour: String, reports: [Report], touches: [Bool], lifts: [Double?]) {
    var press = MicPress()
    var touched: [Bool] = []
    var held: [Double?] = []
    for report in reports {
      switch report {
      case .changed(let at): touched.append(press.touched(at: Self.touch.addingTimeInterval(at)))
      case .lifted(let at): held.append(press.lifted(at: Self.touch.addingTimeInterval(at)))
      }
    }
    #expect(touched == touches, "\(behaviour)")
    // NB: a `Date` this far from 2001 keeps a time to about 0.1 µs, so the seconds are compared to the millisecond.
    #expect(held.map { $0.map { ($0 * 1000).rounded() / 1000 } } == lifts, "\(behaviour)")
  }

  @Test(
    "through the session a 2 s hold sends the dictation, a 0.1 s press leaves it recording until ✓",
    arguments: [
      (2.0, [CommandKind.start, .stop], true), (0.1, [.start], false),
      (KeyboardSession<SimulatedTextField>.holdToTalk, [.start, .stop], true),
    ])
  func heldFor(seconds: Double, commands: [CommandKind], sends: Bool) async throws {
    let dir = try TemporaryDirectory("keyboard")
    defer { dir.remove() }
    let clock = TestClock()
    let (keyboard, app) = try await keyboardInStandby(into: "Hi ", in: dir, clock: clock)

    var press = MicPress()
    let touch = press.touched(at: clock.date)
    #expect(touch)
    await keyboard.perform(.start)
    clock.advance(by: seconds / 2)
    let moved = press.touched(at: clock.date)
    #expect(!moved, "the finger moved: no second press")
    clock.advance(by: seconds / 2)
    let lift = press.lifted(at: clock.date)
    let held = try #require(lift)
    #expect(abs(held - seconds) < 1e-6)
    await keyboard.perform(.release(heldSeconds: held))

    let sent = app.readCommands().value?.commands.map(\.kind) ?? []
    #expect(sent == commands)
    let phase = await keyboard.model.phase
    if sends {
      #expect(phase == .transcribing(partialText: ""))
    } else {
      #expect(phase == .listening(level: nil, partialText: ""), "a tap: the dictation goes on until ✓")
    }
    await keyboard.disappear()
  }
}
