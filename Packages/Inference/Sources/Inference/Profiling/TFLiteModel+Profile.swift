extension TFLiteModel {
  /// Runs the model once on `batch` and times each step of its execution plan, as
  /// ``KerasModel/profile(_:threads:)`` does.
  ///
  /// - Throws: ``ModelError/inputShapeMismatch(expected:found:)``.
  public func profile(
    _ batch: Tensor, threads: Int = KerasModel.defaultThreads
  ) throws(ModelError) -> [StepTiming] {
    guard batch.shape.count == inputShape.count + 1, Array(batch.shape.dropFirst()) == inputShape else {
      throw ModelError.inputShapeMismatch(expected: [-1] + inputShape, found: batch.shape)
    }
    return runner.profile(batch, threads: threads)
  }
}
