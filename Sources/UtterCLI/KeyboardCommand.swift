import ArgumentParser
import CLISupport
import DictationValues
import Foundation
import KeyboardModel
import KeyboardRules
import KeyboardSimulation
import PhoneRules
import SessionChannel
import Storage

/// `utter keyboard --capitalization`, as `UITextAutocapitalizationType`.
enum CapitalizationOption: String, ExpressibleByArgument, CaseIterable {
  case none, words, sentences, all

  var value: TypingModel.Capitalization {
    switch self {
    case .none: .none
    case .words: .words
    case .sentences: .sentences
    case .all: .allCharacters
    }
  }
}

struct KeyboardCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keyboard",
    abstract: "Run the keyboard side of a session against a simulated text field.",
    discussion: """
      Steps (separated by ';'): start, stop, keep-going (near the length cap: another full length), cancel, hold SECONDS (holds the mic key, then lets it go: the \
      dictation is sent as ✓ would), wait SECONDS, wait-insert SECONDS, wait-phase PHASE SECONDS, \
      wait-partial TEXT SECONDS (until the live text shown while dictating holds TEXT), wait-note TEXT SECONDS (until \
      the line under it holds TEXT: "Using AirPods · Stops in 0:04 · Keep going"), type TEXT (presses each \
      character's key, spaces and punctuation included: two spaces end a sentence), delete N (the delete key N \
      times), field (prints the whole field on standard output), context (prints what the keyboard can see before \
      the cursor: as on iOS, only the sentence or line it is in), keys (prints the keys as they show, a row a line), \
      suggestions (prints what the suggestion bar offers from the dictionary's terms), replace OLD NEW \
      (the last OLD in the field becomes NEW; double quotes group words: replace "I am" Niamh), select N (selects \
      the N characters before the cursor: the next dictation is an instruction for them, "make this formal", and its \
      rewrite replaces them; undo puts them back), undo, use-raw, \
      status, end-session. A dictation's text that the user then corrects is reported to the app (which may learn \
      the word) at the next start or when the keyboard leaves. On appearing, the keyboard inserts a pending result of the \
      live session (once). At the end the text field's contents are printed on standard output (unless a `field` \
      step printed them). With the auto-copy setting on (shared by `utter settings export-keyboard`), each dictation \
      inserted is copied too: 'keyboard: copied: TEXT' on standard error.
      """
  )

  @Option(help: "The shared container directory.")
  var container: String

  @Flag(
    name: .customLong("no-full-access"),
    help:
      "Run as iOS runs a keyboard without Full Access: typing works, the container is never touched, start explains.")
  var noFullAccess = false

  @Option(help: "The language the user last used in this field (its input mode, e.g. fr): the layout and dictation.")
  var language: String?

  @Option(help: "The field's auto-capitalisation: none, words, sentences or all.")
  var capitalization: CapitalizationOption = .sentences

  @Option(
    name: .customLong("keyboard-type"),
    help: "The field's keyboard type (UIKeyboardType): default, emailAddress, url, numberPad, decimalPad, webSearch…")
  var keyboardType = "default"

  @Option(
    name: .customLong("content-type"),
    help: "The field's content type (UITextContentType's raw value): emailAddress, URL, username, telephoneNumber…")
  var contentType: String?

  @Option(help: "The steps to run, separated by ';'.")
  var script: String

  @Option(name: .customLong("text"), help: "Text already in the field.")
  var initialText: String = ""

  @Option(
    name: .customLong("select"),
    help: "Select this many characters before the cursor (the end of --text): a dictation says what to do with them.")
  var selectedCount: Int?

  func validate() throws {
    guard let selectedCount, initialText.isEmpty || !(1...max(1, initialText.count)).contains(selectedCount) else {
      return
    }
    throw ValidationError("--select must be from 1 to the length of --text (\(initialText.count) characters)")
  }

  @Flag(
    name: .customLong("lenient-proxy"),
    help: """
      Show the keyboard the whole field, updated at once. By default the field is as strict as iOS's text document \
      proxy: the keyboard sees only the sentence or line around the cursor, and its own edits from its next turn.
      """)
  var lenientProxy = false

  @Flag(
    help: "Print each revision of the live text on standard error: 'partial REVISION: CONFIRMED | VOLATILE'.")
  var partials = false

  @Option(
    name: .customLong("pending-window"),
    help: """
      Seconds during which a result the keyboard missed is still inserted when it appears (default: the \
      container's keyboard-settings.json, else 120).
      """)
  var pendingWindow: Double?

  /// How iOS answers the keyboard's request to open the app.
  enum OpenAnswer: String, ExpressibleByArgument, CaseIterable {
    case open, refuse, never
  }

  @Option(
    name: .customLong("open-app"),
    help: """
      How iOS answers the keyboard's request to open the app: open (default; start `utter host` yourself), refuse \
      (as iOS does when it will not open apps from a keyboard), or never (no answer; the keyboard gives up after 3 s).
      """)
  var openAnswer: OpenAnswer = .open

  /// What the app shared with the keyboard, with the flag's window over it.
  func configuration(_ folder: SharedFolder) throws -> KeyboardConfiguration {
    var configuration = try oneLineError { KeyboardConfiguration(settings: try KeyboardSettings.read(from: folder)) }
    if let pendingWindow { configuration.settings.pendingResultWindowSeconds = max(0, pendingWindow) }
    return configuration
  }

  func run() async throws {
    let steps = try SessionScriptStep.parse(script)
    let statusOnly = steps == [.status]
    let logger = SessionLogging.logger("utter.keyboard")
    let containerURL = URL(fileURLWithPath: container, isDirectory: true)
    let channel = SessionChannel(container: containerURL, logger: logger)
    // NB: without Full Access iOS gives the keyboard no App Group: nothing in the container is read or written.
    if !noFullAccess {
      do { try channel.prepare() } catch { throw CLIError("cannot create the container \(container): \(error)") }
    }
    let watcher = ChannelWatcher(notifier: ChangeNotifiers.platformDefault(container: containerURL), pollInterval: 0.25)
    let configuration =
      noFullAccess ? KeyboardConfiguration() : try configuration(SharedFolder(channel: containerURL))
    // NB: auto-copy, as the app shared it: each dictation inserted is copied, and the copy printed.
    let clipboard = configuration.settings.autoCopy ? KeyboardClipboard(hasFullAccess: !noFullAccess) : nil
    let field = SimulatedTextField(text: initialText, lenient: lenientProxy, selecting: selectedCount)
    let keyboard = KeyboardSession(
      channel: channel, document: field, watcher: watcher,
      configuration: configuration, logger: logger, hasFullAccess: !noFullAccess,
      typing: TypingModel(capitalization: capitalization.value))
    await keyboard.setLanguage(picked: nil, field: language)
    guard FieldTraits.keyboardTypes.contains(keyboardType) else {
      let types = FieldTraits.keyboardTypes.joined(separator: ", ")
      throw CLIError("unknown --keyboard-type '\(keyboardType)' (one of \(types))")
    }
    await keyboard.perform(
      .fieldTraits(capitalization.value, returnLabel: "return", keyboardType: keyboardType, contentType: contentType))
    let lastLine = LastLine()
    let showPhase: @Sendable (KeyboardPhase) -> Void = { phase in
      let line = "keyboard: \(Self.describe(phase))"
      if lastLine.replace(with: line) {
        printError(line)
        if case .inserted(let dictation) = phase, let notice = dictation.notice {
          printError("keyboard: notice: \(notice)")
        }
      }
      if let copied = clipboard?.phaseChanged(to: phase) { printError(copied) }
    }
    let showPartial: @Sendable (LiveText) -> Void = { live in
      if !live.isEmpty { printError("partial \(live.revision): \(live.confirmed) | \(live.volatile)") }
    }
    await keyboard.observe(phase: statusOnly ? nil : showPhase, liveText: partials ? showPartial : nil)
    let answer = openAnswer
    await keyboard.onOpenApp {
      switch answer {
      case .open:
        printError("keyboard: opening Utter to start a session")
        return true
      case .refuse:
        printError("keyboard: iOS refused to open Utter")
        return false
      case .never:
        try? await Task.sleep(nanoseconds: 3_600_000_000_000)
        return false
      }
    }
    await keyboard.appear()
    var failure: CLIError?
    var insertionsSeen = 0
    for step in steps {
      if let tap = step.tap {
        await keyboard.perform(tap)
        continue
      }
      switch step {
      case .start, .stop, .keepGoing, .cancel, .undo, .useRaw, .endSession: break
      case .type(let text): await keyboard.typeKeys(text)
      case .delete(let count): for _ in 0..<count { await keyboard.press(.delete) }
      case .select(let count):
        _ = await keyboard.edit {
          $0.select(count)
          return true
        }
      case .field: print(await keyboard.document.text)
      case .context: print(await keyboard.context())
      case .keys: print(await keyboard.typing.printedRows)
      case .suggestions: print(await keyboard.suggestions().joined(separator: " | "))
      case .memory:
        let peak = PeakMemory.residentBytes()
        print(KeyboardMemory.report(peakBytes: peak))
        if !KeyboardMemory.fits(peakBytes: peak) { throw CLIError(KeyboardMemory.report(peakBytes: peak)) }
      case .accept(let word): await keyboard.perform(.suggestion(word))
      case .cursor(let count): await keyboard.perform(.moveCursor(count))
      case .language(let picked): await keyboard.setLanguage(picked: picked, field: language)
      case .style(let style): await keyboard.perform(.style(style))
      case .replace(let old, let new):
        if !(await keyboard.edit { $0.replaceLast(old, with: new) }) {
          failure = CLIError("'\(old)' is not in the text field", exitCode: 2)
        }
      case .wait(let seconds): try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
      case .hold(let seconds):
        await keyboard.perform(.start)
        try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
        await keyboard.perform(.release(heldSeconds: seconds))
      case .status:
        let phase = await keyboard.model.phase
        let selected = await !(keyboard.document.selectedText ?? "").isEmpty
        let mic = phase.micAction(fullAccess: !noFullAccess, hasSelection: selected).rawValue
        if statusOnly { print(phase.name) } else { printError("keyboard status: \(phase.name) (mic: \(mic))") }
      case .waitInsert(let seconds):
        let target = insertionsSeen + 1
        let inserted = await Polling.waitUntil(seconds) { await keyboard.insertionCount >= target }
        insertionsSeen = await keyboard.insertionCount
        if !inserted {
          failure = CLIError("no text was inserted within \(Self.format(seconds)) s", exitCode: 2)
        }
      case .waitPartial(let words, let seconds):
        let wanted = SessionScriptStep.words(words)
        let heard = await Polling.waitUntil(seconds) {
          let live = await keyboard.model.liveText
          return SessionScriptStep.words(live.text).contains(wanted)
        }
        if !heard {
          let shown = await keyboard.model.liveText.text
          failure = CLIError(
            "the live text did not show '\(words)' within \(Self.format(seconds)) s (it shows '\(shown)')", exitCode: 2)
        }
      case .waitNote(let text, let seconds):
        if !(await Polling.waitUntil(seconds) { Self.note(await keyboard.model.phase).contains(text) }) {
          let shown = Self.note(await keyboard.model.phase)
          failure = CLIError(
            "the keyboard did not show '\(text)' within \(Self.format(seconds)) s (it shows '\(shown)')", exitCode: 2)
        }
      case .waitPhase(let name, let seconds):
        if !(await Polling.waitUntil(seconds) { await keyboard.model.phase.name == name }) {
          let now = await keyboard.model.phase.name
          failure = CLIError(
            "the keyboard did not become \(name) within \(Self.format(seconds)) s (it is \(now))", exitCode: 2)
        }
      }
      if failure != nil { break }
    }
    // NB: a request to open Utter is answered off the script's steps: its answer is printed before the keyboard goes.
    if answer != .never { _ = await Polling.waitUntil(10) { await keyboard.openRequestsInFlight == 0 } }
    await keyboard.disappear()
    // NB: a script that prints the field itself (`field`) does not get it printed again.
    if !statusOnly, !steps.contains(.field) { print(await keyboard.document.text) }
    if let failure { throw failure }
  }

  static func format(_ seconds: Double) -> String { String(format: "%g", seconds) }

  /// The line under the live text while listening, with the keep-going button ("Using AirPods · Stops in 0:04 ·
  /// Keep going").
  static func note(_ phase: KeyboardPhase) -> String {
    guard case .listening(_, _, let note?) = phase else { return "" }
    return note.line + (note.offersKeepGoing ? " · Keep going" : "")
  }

  static func describe(_ phase: KeyboardPhase) -> String {
    switch phase {
    case .activating(let waitingOn) where !waitingOn.isEmpty:
      "activating (waiting on \(waitingOn.map(\.rawValue).joined(separator: ", ")))"
    case .listening(_, let partial, let note) where !partial.isEmpty || note != nil:
      "listening" + (partial.isEmpty ? "" : ": \(partial)") + (note == nil ? "" : " [\(Self.note(phase))]")
    case .transcribing(let partial) where !partial.isEmpty: "transcribing: \(partial)"
    case .inserted(let dictation): "inserted: \(dictation.insertedText)" + (dictation.pressedReturn ? " ⏎" : "")
    case .interrupted(let pause): "interrupted: \(pause.message)"
    case .failed(let problem): "error: \(problem.message)"
    default: phase.name
    }
  }
}

/// The last status line printed, so that level-only changes print nothing.
final class LastLine: @unchecked Sendable {
  private let lock = NSLock()
  private var line = ""

  /// Stores `newLine`; true when it differs from the previous one.
  func replace(with newLine: String) -> Bool {
    lock.withLock {
      defer { line = newLine }
      return line != newLine
    }
  }
}
