@testable import Inference

/// libFuzzer entry: loads the input as a TFLite flatbuffer through `TFLiteModel(bytes:path:)`
/// (the parser, the importer, the graph optimiser and the execution plan). A model that loads
/// and is small (at most 16,384 input values, 4 MFLOP and 262,144 values in all its
/// operators' outputs: a PAD or RESIZE_BILINEAR counts no FLOPs) is run once on one item, and
/// its outputs must have the shapes the model declares.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTFLite(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  guard let model = try? TFLiteModel(bytes: bytes, path: "fuzz.tflite") else { return 0 }
  let values = model.inputShape.reduce(1, *)
  let flops = model.summary.layers.reduce(0) { $0 + $1.flops }
  let activations = model.summary.layers.reduce(0) { $0 + $1.outputShape.reduce(1, *) }
  guard values <= 1 << 14, flops <= 1 << 22, activations <= 1 << 18 else { return 0 }
  guard
    let input = try? Tensor(shape: [1] + model.inputShape, values: (0..<values).map { Float($0 % 7) - 3 }),
    let outputs = try? model.predict(input, threads: 1)
  else {
    preconditionFailure("a loaded model refused an input of its own shape \(model.inputShape)")
  }
  precondition(
    outputs.map { Array($0.shape.dropFirst()) } == model.outputShapes,
    "outputs of \(outputs.map(\.shape)) for declared \(model.outputShapes)")
  return 0
}
