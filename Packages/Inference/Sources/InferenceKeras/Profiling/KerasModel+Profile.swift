@_spi(Benchmarks) import Inference

extension KerasModel {
  /// Runs the model once on `batch` and times each step of its execution plan.
  ///
  /// The profiling hook: ``predict(_:)`` reads no clock; this method runs the same plan on
  /// the same threads with a timestamp around each step, and counts the `cblas_sgemm` FLOPs
  /// of each step (call it while no other prediction runs, or theirs count too). The result
  /// of the run is dropped. Use it after a few warm-up predictions, and repeat it to take
  /// medians.
  ///
  /// - Parameters:
  ///   - batch: `[N] + inputShape`.
  ///   - threads: As for ``predict(_:threads:)``.
  /// - Returns: One ``StepTiming`` per step, in execution order.
  /// - Throws: ``ModelError/inputShapeMismatch(expected:found:)``.
  @_spi(Benchmarks)
  public func profile(
    _ batch: Tensor, threads: Int = ModelThreads.default
  ) throws(ModelError) -> [StepTiming] {
    try ModelError.requireBatch(batch, of: inputShape)
    return runner.profile(batch, threads: threads)
  }
}
