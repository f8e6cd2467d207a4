import Inference

/// The check both model targets (`tflite`, `onnx`) make of a model that loaded: when it is small
/// (at most 16,384 input values, 4 MFLOP and 262,144 values in all its operators' outputs: a PAD
/// or RESIZE_BILINEAR counts no FLOPs), it runs once on one item, and its outputs must have the
/// shapes the model declares.
public func runIfSmall(
  inputShape: [Int], outputShapes: [[Int]], summary: ModelSummary,
  predict: (Tensor) throws -> [Tensor]
) {
  let values = inputShape.reduce(1, *)
  let flops = summary.layers.reduce(0) { $0 + $1.flops }
  let activations = summary.layers.reduce(0) { $0 + $1.outputShape.reduce(1, *) }
  guard values <= 1 << 14, flops <= 1 << 22, activations <= 1 << 18 else { return }
  guard
    let input = try? Tensor(shape: [1] + inputShape, values: (0..<values).map { Float($0 % 7) - 3 }),
    let outputs = try? predict(input)
  else {
    preconditionFailure("a loaded model refused an input of its own shape \(inputShape)")
  }
  precondition(
    outputs.map { Array($0.shape.dropFirst()) } == outputShapes,
    "outputs of \(outputs.map(\.shape)) for declared \(outputShapes)")
}
