import ArgumentParser
import AudioInput
import CLISupport
import Dictation
import DictationValues
import Foundation
import Storage

struct HistoryRetryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "retry", abstract: "Transcribe an entry's kept audio again and save the new text.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The entry's ID.") var id: Int64

  func run() async throws {
    let database = try openStore(global)
    let entry = try storeCall { try database.existingHistoryEntry(id: id) }
    // The same pipeline as a new dictation, without a second history entry: the original is updated.
    let pipeline = CLIDictation(dataDirectory: Locations.dataDirectory(override: global.dataDir)).pipeline(source: .cli)
    let updated: HistoryEntry
    do {
      let retried = try await pipeline.retry(entry, in: database)
      if let notice = retried.outcome.notice { printError("utter: \(notice)") }
      updated = retried.entry
    } catch let error as RetryError {
      throw CLIError(error.description)
    } catch {
      throw CLIError("\(error)")
    }
    print(updated.finalText)
  }
}
