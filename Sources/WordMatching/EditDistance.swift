/// How many single-letter edits turn one spelling into another.
public enum EditDistance {
  /// Levenshtein distance, or a value above `limit` as soon as every alignment exceeds it.
  public static func between(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      var rowBest = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
        rowBest = min(rowBest, current[j])
      }
      if rowBest > limit { return rowBest }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
