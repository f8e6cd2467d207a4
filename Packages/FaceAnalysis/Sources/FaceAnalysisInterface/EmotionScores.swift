/// The classifier's probability for each ``Emotion`` of one face: every emotion has exactly
/// one, so a look-up never fails and the order is the model's.
public struct EmotionScores: Sendable, Equatable, Codable {
  /// The probabilities in ``Emotion/allCases`` order.
  public let probabilities: [Float]

  /// Scores from the classifier's output for one face, in model order; nil unless there is
  /// one probability per emotion.
  public init?(modelOrder probabilities: [Float]) {
    guard probabilities.count == Emotion.allCases.count else { return nil }
    self.probabilities = probabilities
  }

  /// Scores given emotion by emotion.
  public init(_ score: (Emotion) -> Float) {
    probabilities = Emotion.allCases.map(score)
  }

  /// Reads the probabilities as a list in model order, refusing a list of another length.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    guard let scores = Self(modelOrder: try container.decode([Float].self)) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "expected \(Emotion.allCases.count) probabilities")
    }
    self = scores
  }

  /// Writes the probabilities as a list in model order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(probabilities)
  }

  /// The probability of `emotion`.
  public subscript(emotion: Emotion) -> Float {
    Emotion.allCases.firstIndex(of: emotion).map { probabilities[$0] } ?? 0
  }

  /// The most likely emotion (the first in model order on ties, as Python's `max` picks).
  public var dominant: Emotion {
    var best = 0
    for index in probabilities.indices where probabilities[index] > probabilities[best] { best = index }
    return Emotion.allCases[best]
  }

  /// Each emotion with its probability, in model order.
  public var all: [(emotion: Emotion, score: Float)] {
    zip(Emotion.allCases, probabilities).map { (emotion: $0, score: $1) }
  }
}
