import ArgumentParser
import CLISupport
import Foundation
import SpeechEngine

struct BenchColdStartCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cold-start",
    abstract: "Dictate each evaluation sentence through a host that has just started: nothing may be lost.",
    discussion: """
      For each sentence (espeak-ng), a fresh `utter host` starts with a cold engine (its load made --engine-delay \
      seconds slower, as WhisperKit's first load on a phone), and --tap-after seconds later a `utter keyboard` taps \
      the mic, waits for the sentence to be said and taps done. Both are real processes on a fresh container; the \
      microphone plays the sentence from the tap. Reported: the WER of the inserted texts and of `utter transcribe` \
      of the same files, against the sentences, and the time from the tap to the keyboard showing "listening". Needs \
      espeak-ng.
      """
  )

  @Option(name: .customLong("tap-after"), parsing: .unconditional, help: "Seconds between host start and the tap.")
  var tapAfter: Double = 0.5

  @Option(
    name: .customLong("engine-delay"), parsing: .unconditional, help: "Seconds added to the host's engine load.")
  var engineDelay: Double = 0

  @Option(help: "Sentences to speak, one per line (default: Samples/eval/synth-sentences.txt).")
  var sentences: String = "Samples/eval/synth-sentences.txt"

  @Option(parsing: .unconditional, help: "Only the first N sentences (0: all).")
  var limit: Int = 0

  func validate() throws {
    guard (0...30).contains(tapAfter) else { throw ValidationError("--tap-after must be from 0 to 30 seconds") }
    guard (0...600).contains(engineDelay) else { throw ValidationError("--engine-delay must be from 0 to 600") }
    guard limit >= 0 else { throw ValidationError("--limit must not be negative") }
  }

  func run() async throws {
    let lines: [String]
    do {
      lines = try String(contentsOfFile: sentences, encoding: .utf8).split(separator: "\n").map(String.init)
        .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    } catch {
      throw CLIError("cannot read the sentences \(sentences): \(error)")
    }
    let chosen = limit > 0 ? Array(lines.prefix(limit)) : lines
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("utter-cold-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let utterances = try BenchLearningCommand.speak(chosen, in: folder, prefix: "cold")
    let utter = try BenchMeasure.utterExecutable()
    var keyboardTotal = WordErrorCount()
    var fileTotal = WordErrorCount()
    var listening: [Double] = []
    printError("\(utterances.count) sentences; tap \(tapAfter) s after the host starts; engine load +\(engineDelay) s")
    for (index, utterance) in utterances.enumerated() {
      let wav = folder.appendingPathComponent("cold-\(index).wav")
      let run = try ColdStartRun(
        utter: utter, folder: folder.appendingPathComponent("run-\(index)"), mic: wav,
        seconds: Double(utterance.samples.count) / Double(engineSampleRate))
      let dictated = try run.dictate(tapAfter: tapAfter, engineDelay: engineDelay)
      let file = try run.transcribe()
      let keyboardCount = WordErrorRate.count(reference: utterance.reference, hypothesis: dictated.text)
      let fileCount = WordErrorRate.count(reference: utterance.reference, hypothesis: file)
      keyboardTotal = keyboardTotal + keyboardCount
      fileTotal = fileTotal + fileCount
      if let seconds = dictated.listeningAfter { listening.append(seconds) }
      print(
        "\(index + 1)\tkeyboard \(keyboardCount.errors)/\(keyboardCount.referenceWords)\tfile \(fileCount.errors)/\(fileCount.referenceWords)\tlistening \(dictated.listeningAfter.map { String(format: "%.0f ms", $0 * 1000) } ?? "never")\t\(dictated.text)"
      )
    }
    print("keyboard WER \(BenchLearningCommand.percent(keyboardTotal))")
    print("file WER     \(BenchLearningCommand.percent(fileTotal))")
    print(
      "difference   \(String(format: "%.1f", (keyboardTotal.rate - fileTotal.rate) * 100)) points")
    if !listening.isEmpty {
      print(
        "tap → listening p50 \(String(format: "%.0f", BenchMeasure.percentile(listening, 0.5) * 1000)) ms, max \(String(format: "%.0f", (listening.max() ?? 0) * 1000)) ms (\(listening.count) of \(utterances.count))"
      )
    }
  }
}

/// One sentence dictated through a cold `utter host` and `utter keyboard`, and transcribed as a file.
struct ColdStartRun {
  let utter: URL
  let folder: URL
  let mic: URL
  let seconds: Double

  init(utter: URL, folder: URL, mic: URL, seconds: Double) throws {
    self.utter = utter
    self.folder = folder
    self.mic = mic
    self.seconds = seconds
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  private var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["UTTER_HOME"] = folder.appendingPathComponent("data").path
    return environment
  }

  /// The inserted text, and how long after the tap the keyboard said "listening".
  func dictate(tapAfter: Double, engineDelay: Double) throws -> (text: String, listeningAfter: Double?) {
    let container = folder.appendingPathComponent("container").path
    let host = Process()
    host.executableURL = utter
    host.arguments = [
      "host", "--container", container, "--mic", mic.path, "--engine-delay", "\(engineDelay)", "--session-timeout",
      "60",
    ]
    host.environment = environment
    host.standardOutput = FileHandle.nullDevice
    host.standardError = FileHandle.nullDevice
    do { try host.run() } catch { throw CLIError("cannot start utter host: \(error)") }
    defer {
      if host.isRunning { host.terminate() }
      host.waitUntilExit()
    }
    Thread.sleep(forTimeInterval: tapAfter)
    let keyboard = Process()
    keyboard.executableURL = utter
    keyboard.arguments = [
      "keyboard", "--container", container, "--script",
      "start; wait \(String(format: "%.2f", seconds + 0.6)); stop; wait-insert 300; end-session",
    ]
    keyboard.environment = environment
    let output = Pipe()
    let errors = Pipe()
    keyboard.standardOutput = output
    keyboard.standardError = errors
    let tapped = Date()
    let watch = PhaseWatch()
    errors.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      if data.isEmpty { return }
      watch.read(String(decoding: data, as: UTF8.self), at: Date().timeIntervalSince(tapped))
    }
    do { try keyboard.run() } catch { throw CLIError("cannot start utter keyboard: \(error)") }
    let text = output.fileHandleForReading.readDataToEndOfFile()
    keyboard.waitUntilExit()
    errors.fileHandleForReading.readabilityHandler = nil
    guard keyboard.terminationStatus == 0 else {
      throw CLIError("utter keyboard failed (status \(keyboard.terminationStatus)): \(watch.lastLine)")
    }
    return (
      String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), watch.listeningAfter
    )
  }

  /// `utter transcribe` of the same file, kept out of history.
  func transcribe() throws -> String {
    let process = Process()
    process.executableURL = utter
    process.arguments = ["transcribe", "--no-history", mic.path]
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { throw CLIError("cannot run utter transcribe: \(error)") }
    let text = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CLIError("utter transcribe failed on \(mic.path)") }
    return String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// Follows the keyboard's phase lines on its standard error: when it first said "listening", and its last line.
final class PhaseWatch: @unchecked Sendable {
  private let lock = NSLock()
  private var pending = ""
  private var listening: Double?
  private var last = ""

  var listeningAfter: Double? { lock.withLock { listening } }
  var lastLine: String { lock.withLock { last } }

  func read(_ text: String, at seconds: Double) {
    lock.withLock {
      pending += text
      while let newline = pending.firstIndex(of: "\n") {
        let line = String(pending[..<newline])
        pending.removeSubrange(...newline)
        last = line
        if listening == nil, line.hasPrefix("keyboard: listening") { listening = seconds }
      }
    }
  }
}
