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
  /// The face's embedding (SFace's 128 numbers, L2-normalised) where it was asked for or
  /// needed; nil otherwise.
  public var embedding: [Float]?
  /// The person the face belongs to in a video or stream, with their steady emotion, once a
  /// tracker has followed it; nil for a photo, or a face no track took.
  public var track: FaceTrack?

  /// A face from its box, its emotions' scores and what the detector said of it.
  public init(
    box: BoundingBox, scores: EmotionScores, detectorConfidence: Float? = nil, keypoints: [PixelPoint] = [],
    embedding: [Float]? = nil, track: FaceTrack? = nil
  ) {
    self.box = box
    self.scores = scores
    self.detectorConfidence = detectorConfidence
    self.keypoints = keypoints
    self.embedding = embedding
    self.track = track
  }

  /// The most likely emotion.
  public var emotion: Emotion { scores.dominant }

  /// The most likely emotion's score: how sure the classifier is of ``emotion`` (not the
  /// detector's ``detectorConfidence`` that this is a face).
  public var emotionScore: Float { scores[emotion] }

  /// How a box is labelled: the emotion and its score, such as `happy 87%`; for a tracked
  /// face, the person and their steady emotion with its smoothed score, such as `#2 happy 0.91`.
  public var caption: String {
    guard let track else { return "\(emotion.rawValue) \(Int((emotionScore * 100).rounded()))%" }
    let hundredths = Int((track.scores[track.emotion] * 100).rounded())
    let score = hundredths >= 100 ? "1.00" : "0.\(hundredths < 10 ? "0" : "")\(hundredths)"
    return "#\(track.id) \(track.emotion.rawValue) \(score)"
  }

  /// The emotion a box is drawn in: the track's steady one, or the face's own.
  public var shownEmotion: Emotion { track?.emotion ?? emotion }
}

extension Sequence<RecognizedFace> {
  /// The largest face by box area (the first of equals), if any: the one face a chart or a
  /// history follows when a frame has several.
  public var largest: RecognizedFace? {
    var best: RecognizedFace?
    for face in self
    where best.map({ face.box.width * face.box.height > $0.box.width * $0.box.height }) ?? true {
      best = face
    }
    return best
  }
}
