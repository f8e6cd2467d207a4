/// One face found in an image, with the classifier's verdict.
public struct RecognizedFace: Sendable, Equatable, Codable {
  /// Where the face is, as the detector reported it (before fer's squaring and margins);
  /// the whole image with `wholeImage`.
  public let box: BoundingBox
  /// Class probabilities in model order (see `labels`).
  public let scores: [Float]
  /// Class names in model order: angry, disgust, fear, happy, sad, surprise, neutral.
  public let labels: [String]
  /// How sure the face detector is that this is a face (0...1), when it says (BlazeFace does,
  /// the Haar cascade does not).
  public let detectorConfidence: Float?
  /// The detector's keypoints in pixels, in ``FacePoint/keypointNames`` order (BlazeFace's
  /// six); empty for the Haar cascade.
  public let keypoints: [FacePoint]

  /// A face from its box, per-label scores and what the detector said of it.
  public init(
    box: BoundingBox, scores: [Float], labels: [String], detectorConfidence: Float? = nil,
    keypoints: [FacePoint] = []
  ) {
    self.box = box
    self.scores = scores
    self.labels = labels
    self.detectorConfidence = detectorConfidence
    self.keypoints = keypoints
  }

  /// The index of the highest score (the first one on ties, as Python's `max` picks).
  public var topIndex: Int {
    var best = 0
    for index in scores.indices where scores[index] > scores[best] { best = index }
    return best
  }

  /// The label with the highest score.
  public var emotion: String { labels.indices.contains(topIndex) ? labels[topIndex] : "" }

  /// The highest score.
  public var confidence: Float { scores.isEmpty ? 0 : scores[topIndex] }

  /// The emotion and its score as a box is labelled, such as `happy 87%`.
  public var caption: String { "\(emotion) \(Int((confidence * 100).rounded()))%" }

  /// The score of one label, or nil for an unknown label.
  public func score(for label: String) -> Float? {
    guard let index = labels.firstIndex(of: label), scores.indices.contains(index) else { return nil }
    return scores[index]
  }

  /// Label and score pairs in model order.
  public var labelledScores: [(label: String, score: Float)] {
    zip(labels, scores).map { (label: $0, score: $1) }
  }
}
