/// One Keras layer of a model, as the summary shows it.
public struct LayerSummary: Sendable, Equatable {
  /// The Keras layer name, for example `conv2d_1`.
  public let name: String
  /// The Keras class, for example `Conv2D`.
  public let className: String
  /// The output shape of one batch item, for example `[62, 62, 8]`.
  public let outputShape: [Int]
  /// The number of weights the layer stores in the file, batch-norm statistics included
  /// (Keras's `count_params`).
  public let parameters: Int
  /// Floating-point operations per batch item: 2 per multiply-add of a convolution or Dense
  /// layer; element-wise layers (activations, normalisation, pooling, Add) count 0.
  public let flops: Int
  /// The names of the layers this layer reads.
  public let inputs: [String]

  /// Describes one layer.
  public init(
    name: String, className: String, outputShape: [Int], parameters: Int, flops: Int, inputs: [String]
  ) {
    self.name = name
    self.className = className
    self.outputShape = outputShape
    self.parameters = parameters
    self.flops = flops
    self.inputs = inputs
  }
}
