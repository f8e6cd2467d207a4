@_spi(Benchmarks) import Inference

extension ONNXModel {
  /// Times each step of the model's execution plan, for the benchmarks.
  @_spi(Benchmarks)
  public var profiler: ModelProfiler { ModelProfiler(runner: runner, inputShape: inputShape) }
}
