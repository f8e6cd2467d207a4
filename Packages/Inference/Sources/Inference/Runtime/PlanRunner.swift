/// Runs an ``ExecutionPlan`` on a batch for any model format: the items go through the layers
/// in groups of ``itemsPerGroup``, each group in a scratch arena of its own, spread over the
/// caller and the helper team.
///
/// With at least as many groups as threads, the threads take whole groups (the caller from
/// the front, helpers from the back) and run them without waiting for each other; otherwise
/// each group shares its layers' chunks between the threads. Neither groups nor chunks depend
/// on the thread count, so neither do the results.
package struct PlanRunner: Sendable {
  /// The optimised graph and its memory plan.
  package let plan: ExecutionPlan

  /// The value of these parts, for the importers.
  package init(plan: ExecutionPlan) {
    self.plan = plan
  }
  /// Arenas reused between calls, so steady-state calls allocate nothing.
  package let arenas = ArenaPool()

  /// The most items that go through the layers together: small enough that a group's
  /// activations stay in a core's L2 cache, which larger groups leave and run slower
  /// (Tools/Benchmarks/README.md, "Threads").
  package static let itemsPerGroup = 2

  /// Floats of one input item.
  package var inputCount: Int { plan.graph.nodes[plan.graph.input].itemCount }

  /// Floats of one item of each output.
  package var outputCounts: [Int] { plan.graph.outputs.map { plan.graph.nodes[$0].itemCount } }

  /// Runs the plan on `items` items at `input` and writes each output's items to the
  /// matching pointer of `outputs`; `timings`, when given (zeros), receives each step's
  /// nanoseconds and GEMM FLOPs over the groups, on the threads predictions use.
  package func run(
    _ input: UnsafePointer<Float>, items: Int, threads: Int, outputs: [UnsafeMutablePointer<Float>],
    timings: UnsafeMutablePointer<(UInt64, Double)>? = nil
  ) {
    let inputCount = inputCount
    let outputCounts = outputCounts
    HelperTeam.shared.reserve(helpers: threads - 1) { team in
      let workers = 1 + (team?.helpers ?? 0)
      let groupSize = min(items, Self.itemsPerGroup)
      let groups = (items + groupSize - 1) / groupSize
      /// Runs group `group`, its layers shared with `team` when given, adding its steps' times
      /// to `timings` when given.
      func runGroup(
        _ group: Int, team: HelperTeam.Reservation?, timings: UnsafeMutablePointer<(UInt64, Double)>?
      ) {
        let first = group * groupSize
        let count = min(groupSize, items - first)
        arenas.withArena(floats: plan.floats(batch: count, workers: 1 + (team?.helpers ?? 0))) { arena in
          Executor.run(
            plan, input: input + first * inputCount, batch: count, arena: arena, team: team,
            timings: timings)
          for (index, output) in outputs.enumerated() {
            let result = arena.base + plan.offset(ofSlot: plan.outputs[index], batch: count)
            (output + first * outputCounts[index]).initialize(
              from: result, count: count * outputCounts[index])
          }
        }
      }
      guard let team, groups >= workers else {
        for group in 0..<groups { runGroup(group, team: team, timings: timings) }
        return
      }
      guard let timings else {
        team.run(chunks: groups) { group, _ in runGroup(group, team: nil, timings: nil) }
        return
      }
      // Profiled the same way: each worker times its own groups, and a step's time is the
      // workers' time on it divided among them.
      let steps = plan.steps.count
      let perWorker = UnsafeMutablePointer<(UInt64, Double)>.allocate(capacity: workers * steps)
      defer { perWorker.deallocate() }
      perWorker.initialize(repeating: (0, 0), count: workers * steps)
      team.run(chunks: groups) { group, worker in
        runGroup(group, team: nil, timings: perWorker + worker * steps)
      }
      for step in 0..<steps {
        var total = timings[step]
        for worker in 0..<workers {
          total.0 += perWorker[worker * steps + step].0 / UInt64(workers)
          total.1 += perWorker[worker * steps + step].1
        }
        timings[step] = total
      }
    }
  }

  /// Runs the plan on a batch `[N] + input item shape` and returns one tensor per output,
  /// `[N] + its item shape` (the importers' `predict`).
  /// - Throws: ``ModelError/inputShapeMismatch(expected:found:)``.
  package func predict(_ batch: Tensor, threads: Int) throws(ModelError) -> [Tensor] {
    let graph = plan.graph
    try ModelError.requireBatch(batch, of: graph.nodes[graph.input].shape)
    let items = batch.shape[0]
    let shapes = graph.outputs.map { graph.nodes[$0].shape }
    let counts = outputCounts.map { items * $0 }
    // One buffer for every output, cut into tensors afterwards (they are small).
    var all = [Float](repeating: 0, count: counts.reduce(0, +))
    if items > 0 {
      batch.withUnsafeBufferPointer { input in
        all.withUnsafeMutableBufferPointer { buffer in
          guard let base = input.baseAddress, let target = buffer.baseAddress else { return }
          var outputs: [UnsafeMutablePointer<Float>] = []
          var offset = 0
          for count in counts {
            outputs.append(target + offset)
            offset += count
          }
          run(base, items: items, threads: threads, outputs: outputs)
        }
      }
    }
    var start = 0
    return zip(shapes, counts).map { shape, count in
      defer { start += count }
      do {
        return try Tensor(shape: [items] + shape, values: Array(all[start..<(start + count)]))
      } catch {
        preconditionFailure("output of \(count) values does not fit \(shape): \(error)")
      }
    }
  }
}
