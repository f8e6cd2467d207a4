@testable import Inference

/// libFuzzer entry: reads the input as a Keras `model_config` JSON text (Functional or
/// Sequential), the way the HDF5 importer does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKerasConfig(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  _ = try? KerasModelConfig(json: text)
  return 0
}
