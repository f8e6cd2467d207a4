import FuzzModelRun

@testable import InferenceTFLite

/// libFuzzer entry: loads the input as a TFLite flatbuffer through `TFLiteModel(bytes:path:)`
/// (the parser, the importer, the graph optimiser and the execution plan), then runs it if it
/// is small (`runIfSmall`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTFLite(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  guard let model = try? TFLiteModel(bytes: bytes, path: "fuzz.tflite") else { return 0 }
  runIfSmall(inputShape: model.inputShape, outputShapes: model.outputShapes, summary: model.summary) {
    try model.predict($0, threads: 1)
  }
  return 0
}
