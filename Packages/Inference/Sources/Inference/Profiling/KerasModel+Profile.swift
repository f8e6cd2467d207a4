import Dispatch

extension KerasModel {
  /// Runs the model once on `batch` and times each step of its execution plan.
  ///
  /// The profiling hook: ``predict(_:)`` reads no clock; this method runs the same plan,
  /// in the same arena pool, with a timestamp around each step. The result of the run is
  /// dropped. Use it after a few warm-up predictions, and repeat it to take medians.
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
    batch.withUnsafeBufferPointer { input in
      guard let base = input.baseAddress else { return }
      nanoseconds.withUnsafeMutableBufferPointer { timings in
        arenas.withArena(floats: plan.floats(batch: items)) { arena in
          _ = Executor.run(plan, input: base, batch: items, arena: arena, timings: timings.baseAddress)
        }
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
