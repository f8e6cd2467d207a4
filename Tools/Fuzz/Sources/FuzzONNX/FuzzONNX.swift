import FuzzModelRun

@testable import InferenceONNX

/// libFuzzer entry: loads the input as an ONNX protobuf through `ONNXModel(bytes:path:)` (the
/// wire-format reader, the importer with its constant folding, the graph optimiser and the
/// execution plan), then runs it if it is small (`runIfSmall`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzONNX(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  guard let model = try? ONNXModel(bytes: bytes, path: "fuzz.onnx") else { return 0 }
  runIfSmall(inputShape: model.inputShape, outputShapes: model.outputShapes, summary: model.summary) {
    try model.predict($0, threads: 1)
  }
  return 0
}
