import CLISupport
import Foundation
import Storage

/// Opens the user's store for a command: reports a recovered (damaged) database on standard error and applies
/// the retention setting, so expired dictations are gone before anything is listed.
func openStore(_ global: GlobalOptions, applyRetention: Bool = true) throws -> AppDatabase {
  let folder = Locations.dataDirectory(override: global.dataDir)
  let database = try storeCall {
    let (database, message) = try AppDatabase.open(at: folder)
    if let message { printError("utter: \(message)") }
    return database
  }
  if applyRetention { _ = try? database.purgeExpired() }
  return database
}

/// Opens the user's store as `openStore` does and runs `body` on it, a storage failure becoming the CLI's
/// one-line error.
func withStore<T>(_ global: GlobalOptions, applyRetention: Bool = true, _ body: (AppDatabase) throws -> T) throws -> T {
  let database = try openStore(global, applyRetention: applyRetention)
  return try storeCall { try body(database) }
}

/// Saves one thing named `name` to the user's store with `save` and prints whether it was added or updated.
func saveToStore(_ global: GlobalOptions, name: String, _ save: (AppDatabase) throws -> SaveOutcome) throws {
  let outcome = try withStore(global, applyRetention: false, save)
  print(outcome == .added ? "Added '\(name)'." : "Updated '\(name)'.")
}

/// Removes one thing from the user's store with `remove` and prints `done`; when there was nothing to remove
/// (`remove` returns false), fails with `missing` instead.
func removeFromStore(
  _ global: GlobalOptions, missing: String, done: String, _ remove: (AppDatabase) throws -> Bool
) throws {
  try removeReporting(missing: missing, done: done) { try withStore(global, applyRetention: false, remove) }
}
