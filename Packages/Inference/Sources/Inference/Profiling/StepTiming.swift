/// The time one step of a model's execution plan took, from ``ModelProfiler/profile(_:threads:)``.
///
/// A step is one computing node of the optimised graph: a convolution with its folded
/// BatchNormalization and fused activation counts as one step named after the convolution.
@_spi(Benchmarks)
public struct StepTiming: Sendable, Equatable {
  /// The Keras name of the layer the step computes, for example `conv2d_1`.
  public let name: String
  /// The Keras class of that layer, for example `SeparableConv2D`.
  public let className: String
  /// The output shape of one batch item.
  public let outputShape: [Int]
  /// Seconds the step took for the whole batch: wall-clock while the batch's groups run one
  /// after the other (one thread, or a group's layers shared); when threads take whole groups,
  /// as `predict` has them at larger batches, the threads' time on the step divided among them.
  public let seconds: Double
  /// The floating-point operations the step ran in `cblas_sgemm` (2 per multiply-add).
  public let sgemmFLOPs: Double

  /// Describes one step.
  public init(name: String, className: String, outputShape: [Int], seconds: Double, sgemmFLOPs: Double = 0) {
    self.name = name
    self.className = className
    self.outputShape = outputShape
    self.seconds = seconds
    self.sgemmFLOPs = sgemmFLOPs
  }
}
