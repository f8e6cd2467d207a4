/// One face found in an image, with the classifier's verdict.
public struct RecognizedFace: Sendable, Equatable, Codable {
  /// Where the face is, as the detector reported it (before fer's squaring and margins);
  /// the whole image with `wholeImage`.
  public let box: BoundingBox
  /// The probability of each emotion.
  public let scores: EmotionScores
  /// How sure the face detector is that this is a face (0...1), when it says (BlazeFace does,
  /// the Haar cascade does not).
  public let detectorConfidence: Float?
  /// The detector's keypoints in pixels, in BlazeFace's order (eyes, nose tip, mouth, ear tragions;
  /// six); empty for the Haar cascade.
  public let keypoints: [PixelPoint]

  /// A face from its box, its emotions' scores and what the detector said of it.
  public init(
    box: BoundingBox, scores: EmotionScores, detectorConfidence: Float? = nil, keypoints: [PixelPoint] = []
  ) {
    self.box = box
    self.scores = scores
    self.detectorConfidence = detectorConfidence
    self.keypoints = keypoints
  }

  /// The most likely emotion.
  public var emotion: Emotion { scores.dominant }

  /// The most likely emotion's score.
  public var confidence: Float { scores[emotion] }

  /// The emotion and its score as a box is labelled, such as `happy 87%`.
  public var caption: String { "\(emotion.rawValue) \(Int((confidence * 100).rounded()))%" }
}
