import Foundation
import Inference

/// A TFLite CNN (a `.tflite` flatbuffer) loaded into the same graph, plan and executor as a
/// ``KerasModel``: ordinary convolutions run in `cblas_sgemm`, float16 weights are widened to
/// float32 at load.
///
/// It runs the operators of MediaPipe's BlazeFace face detectors (see ``TFLiteImporter``); a
/// model with others is refused with the operator's name. The loaded model is immutable:
/// share one instance between threads and call ``predict(_:threads:)`` from several at once.
///
/// ```swift
/// let model = try TFLiteModel(contentsOf: URL(fileURLWithPath: "face_detection_full_range.tflite"))
/// let outputs = try model.predict(images)  // [N, 192, 192, 3] -> [[N, 2304, 16], [N, 2304, 1]]
/// ```
public final class TFLiteModel: Sendable {
  /// The shape of one input item, without the batch axis, for example `[192, 192, 3]`.
  public let inputShape: [Int]
  /// The shape of one item of each output, in the file's order.
  public let outputShapes: [[Int]]
  /// The name of each output tensor, in the same order.
  public let outputNames: [String]
  /// Operators, parameters and FLOPs.
  public let summary: ModelSummary

  /// The optimised graph, its memory plan and its arenas.
  let runner: PlanRunner

  /// The largest file read: the BlazeFace models are 0.2 to 1.1 MB.
  static let byteLimit = 256 << 20

  /// Loads a TFLite model file.
  /// - Throws: ``ModelError``: a missing file, one that is not TFLite, a damaged or truncated
  ///   one, an unsupported operator or option, or a shape that does not fit.
  public convenience init(contentsOf url: URL) throws(ModelError) {
    let path = url.path
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
      throw ModelError.fileNotFound(path)
    }
    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    guard size >= 8, size <= Self.byteLimit, let data = FileManager.default.contents(atPath: path) else {
      throw size > Self.byteLimit
        ? ModelError.corruptTFLite(path, reason: "\(size) bytes, more than a model this runtime reads")
        : ModelError.notTFLite(path)
    }
    try self.init(bytes: [UInt8](data), path: path)
  }

  /// Builds a model from a flatbuffer in memory; `path` names it in errors.
  init(bytes: [UInt8], path: String, optimize: Bool = true) throws(ModelError) {
    let file: TFLiteFile
    do {
      file = try TFLiteFile(bytes: bytes)
    } catch {
      if bytes.count < 8 || String(decoding: bytes[4..<8], as: UTF8.self) != "TFL3" {
        throw ModelError.notTFLite(path)
      }
      throw ModelError.corruptTFLite(path, reason: error.reason)
    }
    var importer = TFLiteImporter(file: file, path: path)
    let (graph, layers) = try importer.run()
    try OpenBLAS.require()
    inputShape = graph.nodes[graph.input].shape
    outputShapes = graph.outputs.map { graph.nodes[$0].shape }
    outputNames = graph.outputs.map { graph.nodes[$0].name }
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
  public func predict(
    _ batch: Tensor, threads: Int = ModelThreads.default
  ) throws(ModelError) -> [Tensor] {
    try runner.predict(batch, threads: threads)
  }
}
