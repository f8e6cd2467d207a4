@_spi(Benchmarks) import Inference

extension TFLiteModel {
  /// Runs the model once on `batch` and times each step of its execution plan, as
  /// ``KerasModel/profile(_:threads:)`` does.
  ///
  /// - Throws: ``ModelError/inputShapeMismatch(expected:found:)``.
  @_spi(Benchmarks)
  public func profile(
    _ batch: Tensor, threads: Int = ModelThreads.default
  ) throws(ModelError) -> [StepTiming] {
    try ModelError.requireBatch(batch, of: inputShape)
    return runner.profile(batch, threads: threads)
  }
}
