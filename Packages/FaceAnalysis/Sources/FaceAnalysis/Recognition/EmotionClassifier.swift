import Inference
import InferenceKeras

/// Turns a batch of preprocessed faces into class probabilities. `KerasModel` from the
/// Inference package is one; tests may supply their own.
public protocol EmotionClassifier: Sendable {
  /// The shape of one input face without the batch axis, for example `[64, 64, 1]`.
  var inputShape: [Int] { get }
  /// Runs `[N] + inputShape` faces scaled to -1...1 and returns `[N, classes]` probabilities.
  func predict(_ batch: Tensor) throws -> Tensor
  /// `predict(_:)` on at most `threads` threads.
  func predict(_ batch: Tensor, threads: Int) throws -> Tensor
  /// The layers, parameters and FLOPs, when the classifier is a model that has them.
  var modelSummary: ModelSummary? { get }
}

extension EmotionClassifier {
  /// Classifiers that do not spread their work ignore the thread count.
  public func predict(_ batch: Tensor, threads: Int) throws -> Tensor { try predict(batch) }

  /// None, unless the classifier says.
  public var modelSummary: ModelSummary? { nil }
}

extension KerasModel: EmotionClassifier {
  /// The model's own summary.
  public var modelSummary: ModelSummary? { summary }
}
