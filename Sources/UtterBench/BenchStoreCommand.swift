import ArgumentParser
import CLISupport
import Foundation
import Storage

struct BenchStoreCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "store",
    abstract: "Fill a fresh database with realistic dictations; measure inserts, search, listing and size.")
  @Option(parsing: .unconditional, help: "How many history entries to create, 1 to 10,000,000.")
  var entries = 100_000
  @Option(parsing: .unconditional, help: "Entries per transaction, 1 to 100,000.") var batch = 1000
  @Option(parsing: .unconditional, help: "How many searches and listings to time, 1 to 100,000.") var queries = 200
  @Option(help: "Seed for the sentence generator.") var seed: UInt64 = 42
  @Flag(help: "Print JSON.") var json = false
  @Flag(help: "Keep the temporary database and print where it is.") var keep = false

  struct Report: Codable {
    var entries: Int
    var insertSeconds: Double
    var insertsPerSecond: Double
    var searchQueries: Int
    var searchP50Milliseconds: Double
    var searchP99Milliseconds: Double
    var searchCPUP99Milliseconds: Double
    var searchMaxMilliseconds: Double
    var averageSearchResults: Double
    var filteredSearchP99Milliseconds: Double
    var latest50P50Milliseconds: Double
    var latest50P99Milliseconds: Double
    var latest50CPUP99Milliseconds: Double
    var deleteOneMilliseconds: Double
    var loadAverage: Double
    var statsMilliseconds: Double
    var openMilliseconds: Double
    var databaseBytes: Int64
  }

  func validate() throws {
    try OptionRange.check(entries, 1...10_000_000, option: "--entries")
    try OptionRange.check(batch, 1...100_000, option: "--batch")
    try OptionRange.check(queries, 1...100_000, option: "--queries")
  }

  func run() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "utter-bench-store-\(UUID().uuidString.prefix(8))")
    defer { if !keep { try? FileManager.default.removeItem(at: folder) } }
    let now = Date()
    var database = try storeCall { try AppDatabase.open(at: folder).0 }
    var corpus = StoreBenchCorpus(seed: seed)
    let span = 365 * 86_400.0
    let insertStart = DispatchTime.now()
    var made = 0
    while made < entries {
      let count = min(batch, entries - made)
      let rows = (0..<count).map { offset in
        corpus.entry(at: now.addingTimeInterval(-span + span * Double(made + offset) / Double(entries)))
      }
      try storeCall { _ = try database.insertHistory(rows) }
      made += count
    }
    let insertSeconds = seconds(since: insertStart)
    try database.close()
    let openStart = DispatchTime.now()
    database = try storeCall { try AppDatabase.open(at: folder).0 }
    let openMilliseconds = seconds(since: openStart) * 1000

    var results = 0
    let search = try BenchMeasure.time(each: (0..<queries).map { _ in corpus.query() }) { query in
      results += try storeCall { try database.searchHistory(query, limit: 50).count }
    }
    let filter = HistoryFilter(since: now.addingTimeInterval(-30 * 86_400), sources: [.widget])
    let filtered = try BenchMeasure.time(each: (0..<queries).map { _ in corpus.query() }) { query in
      _ = try storeCall { try database.searchHistory(query, filter: filter, limit: 50) }
    }
    let list = try BenchMeasure.time(each: 0..<queries) { _ in
      _ = try storeCall { try database.latestHistory(limit: 50) }
    }
    let deleteStart = DispatchTime.now()
    _ = try storeCall { try database.deleteHistory(id: Int64(entries / 2)) }
    let deleteMilliseconds = seconds(since: deleteStart) * 1000
    let statsStart = DispatchTime.now()
    _ = try storeCall { try database.stats() }
    let statsMilliseconds = seconds(since: statsStart) * 1000
    try database.close()

    let report = Report(
      entries: entries, insertSeconds: insertSeconds, insertsPerSecond: Double(entries) / insertSeconds,
      searchQueries: queries, searchP50Milliseconds: BenchMeasure.percentile(search.wall, 0.5),
      searchP99Milliseconds: BenchMeasure.percentile(search.wall, 0.99),
      searchCPUP99Milliseconds: BenchMeasure.percentile(search.cpu, 0.99),
      searchMaxMilliseconds: search.wall.max() ?? 0,
      averageSearchResults: Double(results) / Double(queries),
      filteredSearchP99Milliseconds: BenchMeasure.percentile(filtered.wall, 0.99),
      latest50P50Milliseconds: BenchMeasure.percentile(list.wall, 0.5),
      latest50P99Milliseconds: BenchMeasure.percentile(list.wall, 0.99),
      latest50CPUP99Milliseconds: BenchMeasure.percentile(list.cpu, 0.99), deleteOneMilliseconds: deleteMilliseconds,
      loadAverage: loadAverage(),
      statsMilliseconds: statsMilliseconds, openMilliseconds: openMilliseconds, databaseBytes: size(of: folder))
    if json { return try printJSON(report) }
    print(table(report))
    if keep { print("Database kept at \(folder.path)") }
  }

  func table(_ r: Report) -> String {
    func ms(_ value: Double) -> String { String(format: "%.2f ms", value) }
    let rows: [(String, String, String)] = [
      ("entries", "\(r.entries)", ""),
      (
        "insert", String(format: "%.0f entries/s", r.insertsPerSecond),
        String(format: "%.1f s total, %d per transaction", r.insertSeconds, batch)
      ),
      ("search p50", ms(r.searchP50Milliseconds), "\(r.searchQueries) queries, limit 50"),
      ("search p99", ms(r.searchP99Milliseconds), "target < 20 ms (wall clock)"),
      ("search p99 CPU", ms(r.searchCPUP99Milliseconds), "this thread's CPU time: excludes waiting for a core"),
      ("search max", ms(r.searchMaxMilliseconds), String(format: "%.1f results on average", r.averageSearchResults)),
      ("filtered search p99", ms(r.filteredSearchP99Milliseconds), "source + last 30 days"),
      ("latest 50 p50", ms(r.latest50P50Milliseconds), ""),
      ("latest 50 p99", ms(r.latest50P99Milliseconds), "target < 5 ms (wall clock)"),
      ("latest 50 p99 CPU", ms(r.latest50CPUP99Milliseconds), ""),
      ("delete one", ms(r.deleteOneMilliseconds), "includes rewriting the search index"),
      ("stats", ms(r.statsMilliseconds), "all entries"),
      ("open", ms(r.openMilliseconds), "includes the migration check and damage probe"),
      (
        "size on disk", String(format: "%.1f MB", Double(r.databaseBytes) / 1_048_576),
        String(format: "%.0f bytes/entry", Double(r.databaseBytes) / Double(r.entries))
      ),
    ]
    var table = TextTable("measure", "value", "note")
    for row in rows { table.add(row.0, row.1, row.2) }
    return table.rendered + String(format: "machine load average %.1f (1 min) during the run", r.loadAverage)
  }

  func seconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
  }

  /// The 1-minute load average, or 0 where it cannot be read.
  func loadAverage() -> Double {
    var loads = [Double](repeating: 0, count: 3)
    return getloadavg(&loads, 3) > 0 ? loads[0] : 0
  }

  func size(of folder: URL) -> Int64 {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasPrefix(AppDatabase.fileName) }.reduce(Int64(0)) { total, name in
      let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
      return total + ((attributes?[.size] as? NSNumber)?.int64Value ?? 0)
    }
  }
}
