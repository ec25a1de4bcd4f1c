import Foundation

/// Writes `value` to standard output as pretty JSON with ISO 8601 dates.
package func printJSON<T: Encodable>(_ value: T) throws {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  encoder.dateEncodingStrategy = .custom { date, encoder in
    var container = encoder.singleValueContainer()
    try container.encode(StoreText.isoTime(date))
  }
  print(String(decoding: try encoder.encode(value), as: UTF8.self))
}
