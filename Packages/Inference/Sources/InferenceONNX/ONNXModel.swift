import Foundation
import Inference
import System

/// An ONNX CNN (an `.onnx` protobuf) loaded into the same graph, plan and executor as a
/// `KerasModel`: ordinary convolutions run in `cblas_sgemm`, quantized weights
/// (DequantizeLinear per tensor, per axis or in blocks) are made floats at load.
///
/// ONNX images are NCHW; this runtime's are NHWC, so an input of ONNX shape [N, C, H, W] is
/// given as [N, H, W, C] and image outputs come back the same way (matrices [N, F] are the same
/// in both). It runs the common CNN operators (see ``ONNXImporter``); a model with others is
/// refused with the operator's and the node's names. The loaded model is immutable: share one
/// instance between threads and call ``predict(_:threads:)`` from several at once.
///
/// ```swift
/// let model = try ONNXModel(contentsOf: URL(fileURLWithPath: "face_recognition_sface_2021dec_int8bq.onnx"))
/// let embeddings = try model.predict(faces)[0]  // [N, 112, 112, 3] -> [N, 128]
/// ```
public final class ONNXModel: Sendable {
  /// The shape of one input item, without the batch axis, in NHWC order, for example `[112, 112, 3]`.
  public let inputShape: [Int]
  /// The shape of one item of each output, in the file's order (images in NHWC order).
  public let outputShapes: [[Int]]
  /// The name of each output, in the same order.
  public let outputNames: [String]
  /// Operators, parameters and FLOPs.
  public let summary: ModelSummary

  /// The optimised graph, its memory plan and its arenas.
  let runner: PlanRunner

  /// The largest file read: SFace is 10.7 MB, the common CNNs' float files up to a few hundred.
  static let byteLimit = 1 << 30

  /// Loads an ONNX model file.
  /// - Throws: ``ModelError``: a missing file, one that is not ONNX, a damaged or truncated one,
  ///   an unsupported operator or form of one, or a shape that does not fit.
  public convenience init(contentsOf url: URL) throws(ModelError) {
    let path = url.path
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
      throw ModelError.fileNotFound(path)
    }
    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    guard size <= Self.byteLimit else {
      throw ModelError.corruptONNX(path, reason: "\(size) bytes, more than a model this runtime reads")
    }
    guard size > 0, let bytes = Self.read(path, size: size) else { throw ModelError.notONNX(path) }
    try self.init(bytes: bytes, path: path)
  }

  /// The file's `size` bytes, read straight into the array the parser reads (not through a
  /// `Data` copied after); nil when it cannot be opened or holds fewer now.
  private static func read(_ path: String, size: Int) -> [UInt8]? {
    guard let file = try? FileDescriptor.open(path, O_RDONLY) else { return nil }
    defer { file.close() }
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      initialized = (try? file.readFully(into: UnsafeMutableRawBufferPointer(buffer))) ?? 0
    }
    return bytes.count == size ? bytes : nil
  }

  /// Builds a model from a protobuf in memory; `path` names it in errors.
  init(bytes: [UInt8], path: String, optimize: Bool = true) throws(ModelError) {
    // A ModelProto starts with its IR version: field 1, a varint.
    guard bytes.first == 0x08 else { throw ModelError.notONNX(path) }
    let file: ONNXFile
    do {
      file = try ONNXFile(bytes: bytes)
    } catch {
      throw ModelError.corruptONNX(path, reason: error.reason)
    }
    var importer = ONNXImporter(file: file, path: path)
    let (graph, layers) = try importer.run()
    try OpenBLAS.require()
    inputShape = graph.nodes[graph.input].shape
    outputShapes = graph.outputs.map { graph.nodes[$0].shape }
    outputNames = file.graph.outputs.map(\.name)
    summary = ModelSummary(layers: layers, inputShape: inputShape, outputShape: outputShapes[0])
    runner = PlanRunner(plan: ExecutionPlan(graph: optimize ? (consume graph).optimized() : graph))
  }

  /// Runs the model on a batch.
  ///
  /// - Parameters:
  ///   - batch: `[N] + inputShape`; N may be 0.
  ///   - threads: Threads to share the work (the caller and up to `threads - 1` helpers).
  /// - Returns: One tensor per output, `[N] + outputShapes[i]`.
  /// - Throws: ``ModelError/inputShapeMismatch(expected:found:)``.
  public func predict(_ batch: Tensor, threads: Int = ModelThreads.default) throws(ModelError) -> [Tensor] {
    try runner.predict(batch, threads: threads)
  }
}
