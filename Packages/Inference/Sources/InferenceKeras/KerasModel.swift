import Dispatch
import Foundation
import Inference

/// A Keras CNN loaded from an HDF5 (`.h5`) file, ready to run on batches.
///
/// Loading reads `model_config` and the weights, builds the layer graph from the layers'
/// inbound nodes, folds each BatchNormalization into the convolution before it, fuses
/// activations, and plans the memory of a run. The loaded model is immutable: share one
/// instance between threads and call ``predict(_:)`` from several at once.
///
/// ```swift
/// let model = try KerasModel(contentsOf: url, labels: classNames)  // one name per output class
/// let probabilities = try model.predict(faces)  // [N, 64, 64, 1] -> [N, 7]
/// ```
public final class KerasModel: Sendable {
  /// The shape of one input item, without the batch axis, for example `[64, 64, 1]`.
  public let inputShape: [Int]
  /// The shape of one output item, without the batch axis, for example `[7]`.
  public let outputShape: [Int]
  /// Class names in output order, when the caller gave them.
  public let labels: [String]?
  /// Layers, parameters and FLOPs.
  public let summary: ModelSummary
  /// The Keras version that wrote the file, when it says.
  public let kerasVersion: String?

  /// The optimised graph, its memory plan and its arenas.
  let runner: PlanRunner

  /// The optimised graph and its memory plan.
  var plan: ExecutionPlan { runner.plan }

  /// Loads a Keras model file.
  ///
  /// - Parameters:
  ///   - url: A Keras HDF5 model (saved with `model.save("name.h5")`).
  ///   - labels: Class names in output order; their number must equal the last output axis.
  /// - Throws: ``ModelError`` naming the problem: a missing, non-HDF5 or damaged file, no
  ///   `model_config`, an unsupported layer or option, a missing weight or one of the wrong
  ///   shape, or labels that do not fit.
  public convenience init(contentsOf url: URL, labels: [String]? = nil) throws(ModelError) {
    let archive = try KerasArchive(url: url)
    try self.init(
      modelConfig: archive.modelConfig, weights: archive.weights, labels: labels,
      kerasVersion: archive.kerasVersion)
  }

  /// Builds a model from `model_config` JSON and weights already in memory.
  ///
  /// `optimize: false` keeps every BatchNormalization and Activation as its own step (for
  /// tests that compare folded and unfolded graphs).
  init(
    modelConfig: String, weights: [String: [String: HDF5File.FloatArray]], labels: [String]?,
    kerasVersion: String? = nil, optimize: Bool = true
  ) throws(ModelError) {
    let config = try KerasModelConfig(json: modelConfig)
    var importer = KerasImporter(config: config, weights: weights)
    let (graph, layers) = try importer.run()
    let inputShape = graph.nodes[graph.input].shape
    let outputShape = graph.nodes[graph.output].shape
    if let labels, labels.count != outputShape.last ?? 0 {
      throw ModelError.labelCountMismatch(expected: outputShape.last ?? 0, found: labels.count)
    }
    try OpenBLAS.require()
    self.inputShape = inputShape
    self.outputShape = outputShape
    self.labels = labels
    self.kerasVersion = kerasVersion
    self.summary = ModelSummary(layers: layers, inputShape: inputShape, outputShape: outputShape)
    self.runner = PlanRunner(plan: ExecutionPlan(graph: optimize ? (consume graph).optimized() : graph))
  }

  /// Runs the model on a batch, its items spread over ``ModelThreads/default`` threads.
  ///
  /// - Parameter batch: `[N] + inputShape`, for example `[N, 64, 64, 1]`; N may be 0.
  /// - Returns: `[N] + outputShape`, for example `[N, 7]` class probabilities.
  /// - Throws: ``ModelError/inputShapeMismatch(expected:found:)``.
  ///
  /// Safe to call from several threads at once; see ``predict(_:threads:)``.
  public func predict(_ batch: Tensor) throws(ModelError) -> Tensor {
    try predict(batch, threads: ModelThreads.default)
  }

  /// Runs the model on a batch.
  ///
  /// - Parameters:
  ///   - batch: `[N] + inputShape`, for example `[N, 64, 64, 1]`; N may be 0.
  ///   - threads: Threads to share the work (the caller and up to `threads - 1` helpers).
  ///     Pass 1 when the caller already runs predictions on every core.
  /// - Returns: `[N] + outputShape`, for example `[N, 7]` class probabilities.
  /// - Throws: ``ModelError/inputShapeMismatch(expected:found:)``.
  ///
  /// Safe to call from several threads at once. The items go through the layers in groups of
  /// ``PlanRunner/itemsPerGroup``: each convolution is `cblas_sgemm` over chunks of a group's output rows
  /// (M = items × output pixels, cut into chunks that stay in cache); the threads take whole
  /// groups, or share each group's chunks when there are fewer groups than threads. Neither
  /// groups nor chunks depend on the thread count, so neither do the results.
  public func predict(_ batch: Tensor, threads: Int = ModelThreads.default) throws(ModelError) -> Tensor {
    try ModelError.requireBatch(batch, of: inputShape)
    let items = batch.shape[0]
    let outputCount = outputShape.reduce(1, *)
    let shape = [items] + outputShape
    guard items > 0 else { return Self.tensor(shape: shape, values: []) }
    let values = batch.withUnsafeBufferPointer { input in
      [Float](unsafeUninitializedCapacity: items * outputCount) { buffer, initialized in
        guard let base = input.baseAddress, let target = buffer.baseAddress else { return }
        run(base, items: items, threads: threads, output: target)
        initialized = items * outputCount
      }
    }
    return Self.tensor(shape: shape, values: values)
  }

  /// Runs the plan on `items` items at `input` and writes their outputs to `output`;
  /// `timings`, when given, receives each step's nanoseconds and GEMM FLOPs, summed over the
  /// groups (see ``PlanRunner``).
  func run(
    _ input: UnsafePointer<Float>, items: Int, threads: Int, output: UnsafeMutablePointer<Float>,
    timings: UnsafeMutablePointer<(UInt64, Double)>? = nil
  ) {
    runner.run(input, items: items, threads: threads, outputs: [output], timings: timings)
  }

  /// The labels with their probabilities for each item of `output` (a ``predict(_:)`` result),
  /// highest first; nil without labels.
  public func rankedLabels(_ output: Tensor) -> [[(label: String, probability: Float)]]? {
    guard let labels, output.shape.count == 2, output.shape[1] == labels.count else { return nil }
    let classes = labels.count
    return (0..<output.shape[0]).map { item in
      (0..<classes).map { (labels[$0], output.values[item * classes + $0]) }
        .sorted { $0.1 > $1.1 }
    }
  }

  /// Wraps values whose count is right by construction.
  private static func tensor(shape: [Int], values: [Float]) -> Tensor {
    do {
      return try Tensor(shape: shape, values: values)
    } catch {
      preconditionFailure("output of \(values.count) values does not fit \(shape): \(error)")
    }
  }
}
