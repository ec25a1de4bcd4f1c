import ArgumentParser

/// Range checks for numeric options, run at parse time so that a bad value is one line naming the range and
/// never reaches an engine, the store or a benchmark.
package enum OptionRange {
  /// whisper.cpp 1.8.5 runs at most 8 decoders (`WHISPER_MAX_DECODERS`); a wider beam fails inside it.
  package static let beam = 1...8
  /// ggml accepts at most 512 threads (`GGML_MAX_N_THREADS`); 0 or fewer aborts inside it.
  package static let threads = 1...512

  /// Throws a usage error when `value` is present and outside `range`.
  package static func check<Value: Comparable>(_ value: Value?, _ range: ClosedRange<Value>, option: String) throws {
    guard let value, !range.contains(value) else { return }
    throw ValidationError(
      "\(option) must be from \(shown(range.lowerBound)) to \(shown(range.upperBound)), not \(shown(value))")
  }

  /// `2` rather than `2.0` for whole numbers.
  private static func shown<Value>(_ value: Value) -> String {
    if let number = value as? Double, number == number.rounded(), abs(number) < 1e15 {
      return String(Int(number))
    }
    return "\(value)"
  }
}
