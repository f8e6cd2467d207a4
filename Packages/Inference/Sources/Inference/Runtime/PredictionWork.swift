/// One ``KerasModel/predict(_:threads:)`` call split into parts: part p runs its share of the
/// item groups, one after the other, each in an arena of its own, and writes their outputs in
/// place. Parts touch disjoint outputs, so they may run on different threads.
struct PredictionWork: @unchecked Sendable {
  let plan: ExecutionPlan
  let arenas: ArenaPool
  let input: UnsafePointer<Float>
  let output: UnsafeMutablePointer<Float>
  let inputCount: Int
  let outputCount: Int
  let items: Int
  let groups: Int
  let parts: Int

  /// Runs part `part` of `parts`.
  func run(part: Int) {
    let firstGroup = part * groups / parts
    let endGroup = (part + 1) * groups / parts
    let size = (items + groups - 1) / groups
    for group in firstGroup..<endGroup {
      let first = group * size
      let count = min(size, items - first)
      guard count > 0 else { continue }
      arenas.withArena(floats: plan.floats(batch: count)) { arena in
        let result = Executor.run(plan, input: input + first * inputCount, batch: count, arena: arena)
        (output + first * outputCount).initialize(from: result, count: count * outputCount)
      }
    }
  }
}
