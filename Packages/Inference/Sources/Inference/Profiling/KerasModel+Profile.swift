import Dispatch

extension KerasModel {
  /// Runs the model once on `batch` and times each step of its execution plan.
  ///
  /// The profiling hook: ``predict(_:)`` reads no clock; this method runs the same plan,
  /// in the same arena pool and item groups (``itemsPerRun``), on the calling thread alone,
  /// with a timestamp around each step; a step's time is its sum over the groups. The
  /// result of the run is dropped. Use it after a few warm-up predictions, and repeat it to take medians.
  ///
  /// - Parameter batch: `[N] + inputShape`.
  /// - Returns: One ``StepTiming`` per step, in execution order.
  /// - Throws: ``ModelError/inputShapeMismatch(expected:found:)``.
  public func profile(_ batch: Tensor) throws(ModelError) -> [StepTiming] {
    guard batch.shape.count == inputShape.count + 1, Array(batch.shape.dropFirst()) == inputShape else {
      throw ModelError.inputShapeMismatch(expected: [-1] + inputShape, found: batch.shape)
    }
    let items = batch.shape[0]
    let plan = self.plan
    guard items > 0 else { return [] }
    var nanoseconds = [UInt64](repeating: 0, count: plan.steps.count)
    var step = [UInt64](repeating: 0, count: plan.steps.count)
    let inputCount = inputShape.reduce(1, *)
    batch.withUnsafeBufferPointer { input in
      guard let base = input.baseAddress else { return }
      // The groups predict runs, one after the other on this thread; times add up per step.
      var first = 0
      while first < items {
        let count = min(Self.itemsPerRun, items - first)
        step.withUnsafeMutableBufferPointer { timings in
          arenas.withArena(floats: plan.floats(batch: count)) { arena in
            _ = Executor.run(
              plan, input: base + first * inputCount, batch: count, arena: arena, timings: timings.baseAddress
            )
          }
        }
        for index in nanoseconds.indices { nanoseconds[index] += step[index] }
        first += count
      }
    }
    return plan.steps.enumerated().map { index, step in
      let node = plan.graph.nodes[step.node]
      return StepTiming(
        name: node.name, className: node.className, outputShape: node.shape,
        seconds: Double(nanoseconds[index]) / 1e9)
    }
  }
}
