import Testing

@testable import FaceAnalysisTracking

@Suite("Optimal assignment")
struct OptimalAssignmentTests {
  /// The least total cost over every way to pair rows with distinct columns (as many pairs as
  /// the smaller side), by trying them all.
  static func bruteForceMinimum(_ costs: [[Double]]) -> Double {
    let rows = costs.count
    let columns = costs[0].count
    func search(_ row: Int, _ used: Set<Int>, _ skipsLeft: Int) -> Double {
      guard row < rows else { return 0 }
      var best = Double.infinity
      for column in 0..<columns where !used.contains(column) {
        best = min(best, costs[row][column] + search(row + 1, used.union([column]), skipsLeft))
      }
      if skipsLeft > 0 { best = min(best, search(row + 1, used, skipsLeft - 1)) }
      return best
    }
    return search(0, [], max(rows - columns, 0))
  }

  @Test func theSolverFindsTheBruteForceOptimumOnRandomMatrices() {
    var generator = SeededGenerator(seed: 42)
    for trial in 0..<400 {
      let rows = Int.random(in: 1...6, using: &generator)
      let columns = Int.random(in: 1...6, using: &generator)
      // Small integers make ties common; the solver must still reach the minimum.
      let costs = (0..<rows).map { _ in
        (0..<columns).map { _ in
          trial.isMultiple(of: 2)
            ? Double(Int.random(in: -5...5, using: &generator)) : Double.random(in: -1...1, using: &generator)
        }
      }
      let assignment = OptimalAssignment.solve(costs)
      #expect(assignment.count == rows)
      let chosen = assignment.compactMap { $0 }
      #expect(chosen.count == min(rows, columns), "\(costs)")
      #expect(Set(chosen).count == chosen.count, "a column used twice: \(assignment)")
      let total = assignment.enumerated().reduce(0.0) { sum, pair in
        sum + (pair.1.map { costs[pair.0][$0] } ?? 0)
      }
      #expect(abs(total - Self.bruteForceMinimum(costs)) < 1e-9, "\(costs) gave \(assignment)")
    }
  }

  @Test func bestPairsBeatGreedyMatching() {
    // Greedy takes 0.9 first and is left with 0.1 (1.0 in all); the optimum is 0.8 + 0.8.
    let scores = [[0.9, 0.8], [0.8, 0.1]]
    let pairs = OptimalAssignment.bestPairs(scores: scores, allowed: [[true, true], [true, true]])
    #expect(pairs.map(\.row) == [0, 1])
    #expect(pairs.map(\.column) == [1, 0])
  }

  @Test func pairsThatAreNotAllowedAreNeverMade() {
    let pairs = OptimalAssignment.bestPairs(
      scores: [[0.9, 0.5, 0.4], [0.95, 0.2, 0.1]], allowed: [[true, false, false], [true, false, false]])
    #expect(pairs.map(\.row) == [1])
    #expect(pairs.map(\.column) == [0])
    #expect(OptimalAssignment.bestPairs(scores: [[0.5]], allowed: [[false]]).isEmpty)
    #expect(OptimalAssignment.solve([]).isEmpty)
    #expect(OptimalAssignment.solve([[], []]) == [nil, nil])
  }
}
