import Foundation
import TextPipeline

/// The personal dictionary and snippets stored in the user-data folder.
func storedVocabulary(dataDir: URL) throws -> (dictionary: [DictionaryEntry], snippets: [Snippet]) {
  // Storage wires this to the user's stored dictionary and snippets.
  ([], [])
}
