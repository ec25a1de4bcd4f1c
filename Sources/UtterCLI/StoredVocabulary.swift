import DictationValues
import Foundation
import Storage
import TextPipeline

/// The personal dictionary and snippets stored in the user-data folder (empty when there is no store yet).
func storedVocabulary(dataDir: URL) throws -> (dictionary: [DictionaryEntry], snippets: [Snippet]) {
  guard FileManager.default.fileExists(atPath: AppDatabase.databaseFile(for: dataDir).path) else { return ([], []) }
  let (database, _) = try AppDatabase.open(at: dataDir)
  return try database.pipelineVocabulary()
}
