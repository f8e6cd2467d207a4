/// How `EmotionRecognizer` finds and crops faces. The detector is BlazeFace by default; the
/// Haar cascade's parameters, the margin and the padding are fer's, so that `.haar` gives fer's
/// results number for number.
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

  /// BlazeFace (``FaceDetectorKind/standard``), with fer's cascade parameters, 10 px margins
  /// and 40 px padding.
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
