import Inference

/// Turns a batch of preprocessed faces into class probabilities. `KerasModel` from the
/// Inference package is one; tests may supply their own.
public protocol EmotionClassifier: Sendable {
  /// The shape of one input face without the batch axis, for example `[64, 64, 1]`.
  var inputShape: [Int] { get }
  /// Runs `[N] + inputShape` faces scaled to -1...1 and returns `[N, classes]` probabilities.
  func predict(_ batch: Tensor) throws -> Tensor
}

extension KerasModel: EmotionClassifier {}
