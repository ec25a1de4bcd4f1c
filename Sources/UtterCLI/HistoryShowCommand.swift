import ArgumentParser
import AudioInput
import CLISupport
import Dictation
import DictationValues
import Foundation
import Storage

struct HistoryShowCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "Show one dictation: raw and final text, pipeline trace, audio.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The entry's ID (from 'history list').") var id: Int64
  @Flag(help: "Print JSON.") var json = false

  func run() async throws {
    let database = try openStore(global)
    let entry = try storeCall { try database.existingHistoryEntry(id: id) }
    if json { return try printJSON(entry) }
    var lines: [(String, String)] = [
      ("ID", "\(id)"), ("UUID", entry.uuid), ("Created", StoreText.localTime(entry.createdAt)),
      ("Source", entry.origin.rawValue + (entry.fieldSummary.map { " → \($0)" } ?? "")),
      ("Status", entry.status.rawValue + (entry.delivered ? ", delivered" : ", not delivered")),
      ("Engine", [entry.engine, entry.model, entry.language].filter { !$0.isEmpty }.joined(separator: " · ")),
      (
        "Timing",
        "\(String(format: "%.1f", entry.audioSeconds)) s of audio, processed in "
          + "\(String(format: "%.2f", entry.processingSeconds)) s"
      ),
    ]
    if let url = database.audioURL(for: entry) {
      let kept = FileManager.default.fileExists(atPath: url.path) ? "" : " (missing)"
      lines.append(("Audio", url.path + kept))
    } else {
      lines.append(("Audio", "not kept"))
    }
    if let error = entry.errorMessage { lines.append(("Error", error)) }
    lines.append(("Raw", entry.rawText))
    lines.append(("Final", entry.finalText))
    for (label, value) in lines { print("\(StoreText.pad(label, 8)) \(value)") }
    if !entry.trace.isEmpty {
      print("Trace")
      for (index, step) in entry.trace.enumerated() {
        let time = step.milliseconds.map { String(format: " (%.0f ms)", $0) } ?? ""
        let note = step.reasons.isEmpty ? "" : "  [\(step.reasons.joined(separator: "; "))]"
        print("  \(index + 1). \(step.stage)\(time): \(step.text)\(note)")
      }
    }
  }
}
