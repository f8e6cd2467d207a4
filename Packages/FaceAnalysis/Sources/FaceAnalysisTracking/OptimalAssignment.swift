/// The assignment of rows to columns that minimises the total cost: the Hungarian method with
/// potentials and shortest augmenting paths (Kuhn, Munkres; Jonker and Volgenant's
/// formulation), O(n² m) for n rows and m ≥ n columns. Unlike greedy matching, it never gives
/// a face to one track at the price of two others.
enum OptimalAssignment {
  /// For each row, the column it is assigned, in a rectangular matrix of costs (`costs[row][column]`,
  /// every row as long as the first). Every row gets a column when there are at least as many
  /// columns as rows; otherwise every column gets a row and the other rows get nil. Ties go the
  /// same way on every run. A cost that is not finite is read as 0.
  static func solve(_ costs: [[Double]]) -> [Int?] {
    let rows = costs.count
    let columns = costs.first?.count ?? 0
    guard rows > 0, columns > 0 else { return Array(repeating: nil, count: rows) }
    func cost(_ row: Int, _ column: Int) -> Double {
      let value = costs[row][column]
      return value.isFinite ? value : 0
    }
    if rows > columns {
      let transposed = (0..<columns).map { column in (0..<rows).map { row in cost(row, column) } }
      var assignment: [Int?] = Array(repeating: nil, count: rows)
      for (column, row) in solve(transposed).enumerated() {
        if let row { assignment[row] = column }
      }
      return assignment
    }
    // 1-based, with row and column 0 as the virtual start of each augmenting path.
    var rowPotential = Array(repeating: 0.0, count: rows + 1)
    var columnPotential = Array(repeating: 0.0, count: columns + 1)
    var rowOfColumn = Array(repeating: 0, count: columns + 1)
    var previousColumn = Array(repeating: 0, count: columns + 1)
    for row in 1...rows {
      rowOfColumn[0] = row
      var column = 0
      var slack = Array(repeating: Double.infinity, count: columns + 1)
      var visited = Array(repeating: false, count: columns + 1)
      repeat {
        visited[column] = true
        let currentRow = rowOfColumn[column]
        var delta = Double.infinity
        var nextColumn = 0
        for candidate in 1...columns where !visited[candidate] {
          let reduced =
            cost(currentRow - 1, candidate - 1) - rowPotential[currentRow] - columnPotential[candidate]
          if reduced < slack[candidate] {
            slack[candidate] = reduced
            previousColumn[candidate] = column
          }
          if slack[candidate] < delta {
            delta = slack[candidate]
            nextColumn = candidate
          }
        }
        for candidate in 0...columns {
          if visited[candidate] {
            rowPotential[rowOfColumn[candidate]] += delta
            columnPotential[candidate] -= delta
          } else {
            slack[candidate] -= delta
          }
        }
        column = nextColumn
      } while rowOfColumn[column] != 0
      repeat {
        let previous = previousColumn[column]
        rowOfColumn[column] = rowOfColumn[previous]
        column = previous
      } while column != 0
    }
    var assignment: [Int?] = Array(repeating: nil, count: rows)
    for column in 1...columns where rowOfColumn[column] != 0 {
      assignment[rowOfColumn[column] - 1] = column - 1
    }
    return assignment
  }

  /// The pairs of rows and columns that maximise the total score among the allowed pairs
  /// (`allowed[row][column]`), each row and column in at most one pair; a pair's score must be
  /// positive. Pairs come in row order.
  static func bestPairs(scores: [[Double]], allowed: [[Bool]]) -> [(row: Int, column: Int)] {
    // A pair left out costs 0, so a full assignment of minimum cost chooses the allowed pairs of
    // maximum total score and fills the rest with pairs that are then dropped.
    let costs = scores.indices.map { row in
      scores[row].indices.map { column in allowed[row][column] ? -scores[row][column] : 0 }
    }
    return solve(costs).enumerated().compactMap { row, column in
      guard let column, allowed[row][column] else { return nil }
      return (row, column)
    }
  }
}
