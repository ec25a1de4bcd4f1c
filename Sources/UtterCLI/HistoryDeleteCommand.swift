import ArgumentParser
import CLISupport
import Foundation
import SessionChannel
import Storage

struct HistoryDeleteCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete", abstract: "Delete a dictation (or all of them) and its audio, for good.")
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The entry's ID.") var id: Int64?
  @Flag(help: "Delete every dictation and all kept audio.") var all = false

  func validate() throws {
    if all == (id != nil) { throw ValidationError("give an entry ID or --all") }
  }

  func run() async throws {
    let database = try openStore(global)
    if all {
      let result = try storeCall { try database.deleteAllHistory() }
      print("Deleted \(result.entries) dictation(s) and \(result.audioFiles) audio file(s).")
    } else if let id {
      try storeCall {
        guard try database.deleteHistory(id: id) else { throw StorageError.noHistoryEntry(String(id)) }
      }
      print("Deleted entry \(id).")
    }
  }
}
