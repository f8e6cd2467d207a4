import Synchronization

/// One ``KerasModel/predict(_:threads:)`` call shared by several threads: the items form
/// groups, and each thread takes the next group not yet taken until none is left, running it
/// in an arena of its own and writing its outputs in place. Taking groups one at a time
/// balances the work when a core is busy with something else: a thread that starts late
/// finds the groups done and returns at once, instead of the caller waiting for its share.
final class PredictionWork: @unchecked Sendable {
  let plan: ExecutionPlan
  let arenas: ArenaPool
  let input: UnsafePointer<Float>
  let output: UnsafeMutablePointer<Float>
  let inputCount: Int
  let outputCount: Int
  let items: Int
  let groupSize: Int
  /// The helper that shares a lone item's layers, when the call may use two threads.
  let team: HelperTeam?
  private let next = Atomic<Int>(0)

  /// Work over `items` items of `inputCount` floats in, `outputCount` out, in groups of
  /// `groupSize` items.
  init(
    plan: ExecutionPlan, arenas: ArenaPool, input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>,
    inputCount: Int, outputCount: Int, items: Int, groupSize: Int, team: HelperTeam? = nil
  ) {
    self.plan = plan
    self.arenas = arenas
    self.input = input
    self.output = output
    self.inputCount = inputCount
    self.outputCount = outputCount
    self.items = items
    self.groupSize = max(groupSize, 1)
    self.team = team
  }

  /// Runs groups until none is left, all in one arena (so a thread reuses memory its own
  /// cache holds).
  func run() {
    var group = claim()
    guard group * groupSize < items else { return }
    arenas.withArena(floats: plan.floats(batch: min(groupSize, items))) { arena in
      while group * groupSize < items {
        let first = group * groupSize
        let count = min(groupSize, items - first)
        let result = Executor.run(
          plan, input: input + first * inputCount, batch: count, arena: arena, team: count == 1 ? team : nil)
        (output + first * outputCount).initialize(from: result, count: count * outputCount)
        group = claim()
      }
    }
  }

  private func claim() -> Int {
    next.wrappingAdd(1, ordering: .relaxed).oldValue
  }
}
