/// How `EmotionRecognizer` finds and crops faces. The defaults are fer's.
public struct RecognitionOptions: Sendable, Equatable, Codable {
  /// Which face detector runs (``FaceDetectorKind/standard``, BlazeFace, by default).
  public var detector: FaceDetectorKind
  /// Haar cascade parameters (fer: scale factor 1.1, 5 neighbours, 50 px minimum).
  public var detection: DetectionOptions
  /// Skip detection and classify the whole image as one face.
  public var wholeImage: Bool
  /// Pixels added on each side of the squared face box before cropping (fer: 10).
  public var margin: Int
  /// Pixels of padding around the gray image, filled with the mean of its bottom two rows
  /// (fer: 40).
  public var padding: Int

  /// fer's pipeline: its detector and detection defaults, 10 px margins, 40 px padding.
  public init(
    detector: FaceDetectorKind = .standard, detection: DetectionOptions = DetectionOptions(),
    wholeImage: Bool = false,
    margin: Int = 10, padding: Int = 40
  ) {
    self.detector = detector
    self.detection = detection
    self.wholeImage = wholeImage
    self.margin = margin
    self.padding = padding
  }
}
