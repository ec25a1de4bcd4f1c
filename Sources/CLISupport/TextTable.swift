/// Rows of text lined up under upper-case headings: the one layout of every table `utter` prints.
///
/// Each column is as wide as its widest cell, columns are two spaces apart, and the last column is never
/// padded, so no line ends in spaces.
package struct TextTable {
  package let headers: [String]
  private(set) var rows: [[String]] = []

  /// A table with these headings (shown in upper case).
  package init(_ headers: String...) {
    self.init(headers)
  }

  /// A table with these headings (shown in upper case).
  package init(_ headers: [String]) {
    self.headers = headers.map { $0.uppercased() }
  }

  /// Adds a row; missing cells are empty and extra cells are dropped.
  package mutating func add(_ cells: String...) {
    add(cells)
  }

  /// Adds a row from an array of cells.
  package mutating func add(_ cells: [String]) {
    rows.append((0..<headers.count).map { $0 < cells.count ? cells[$0] : "" })
  }

  /// The heading line and every row, each line ending in a newline.
  package var rendered: String {
    let all = [headers] + rows
    let widths = headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    return all.map { row in
      var line = ""
      for (column, cell) in row.enumerated() {
        let isLast = column == row.count - 1
        line += isLast ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
      }
      while line.last == " " { line.removeLast() }
      return line + "\n"
    }.joined()
  }

  /// Writes the table to standard output.
  package func print() {
    Swift.print(rendered, terminator: "")
  }
}

/// Prints stored items the one way `utter` lists them: as JSON with `--json`, as the line `empty` when there are
/// none, else as a table under `columns` with the cells `row` gives for each item.
package func printListing<Item: Encodable>(
  _ items: [Item], json: Bool, empty: @autoclosure () -> String, columns: String...,
  row: (Item) -> [String]
) throws {
  if json { return try printJSON(items) }
  guard !items.isEmpty else { return print(empty()) }
  var table = TextTable(columns)
  for item in items { table.add(row(item)) }
  table.print()
}
