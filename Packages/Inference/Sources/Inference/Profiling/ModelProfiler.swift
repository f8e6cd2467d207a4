/// The profiling hook of a loaded model (`KerasModel.profiler`, `TFLiteModel.profiler`).
///
/// `predict` reads no clock; ``profile(_:threads:)`` runs the same plan on the same threads
/// with a timestamp around each step, and counts the `cblas_sgemm` FLOPs of each step.
@_spi(Benchmarks)
public struct ModelProfiler: Sendable {
  let runner: PlanRunner
  let inputShape: [Int]

  /// The profiler of a model that runs `runner` on inputs of `inputShape`.
  package init(runner: PlanRunner, inputShape: [Int]) {
    self.runner = runner
    self.inputShape = inputShape
  }

  /// Runs the model once on `batch` and times each step of its execution plan.
  ///
  /// Call it while no other prediction runs, or theirs count too. The result of the run is
  /// dropped. Use it after a few warm-up predictions, and repeat it to take medians.
  ///
  /// - Parameters:
  ///   - batch: `[N] + inputShape`.
  ///   - threads: As for the model's `predict(_:threads:)`.
  /// - Returns: One ``StepTiming`` per step, in execution order.
  /// - Throws: ``ModelError/inputShapeMismatch(expected:found:)``.
  public func profile(
    _ batch: Tensor, threads: Int = ModelThreads.default
  ) throws(ModelError) -> [StepTiming] {
    try ModelError.requireBatch(batch, of: inputShape)
    return runner.profile(batch, threads: threads)
  }
}
