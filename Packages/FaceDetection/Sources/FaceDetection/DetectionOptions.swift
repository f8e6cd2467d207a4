/// Parameters of `HaarFaceDetector.detect`, named and defaulted as fer passes them to
/// OpenCV's `detectMultiScale`.
public struct DetectionOptions: Sendable, Equatable, Codable {
  /// How much the image shrinks from one pyramid level to the next (> 1). fer: 1.1.
  public var scaleFactor: Double
  /// How many raw detections a group needs beyond the first to be kept. fer: 5.
  /// Zero or less keeps every raw detection, ungrouped.
  public var minNeighbors: Int
  /// Smallest face width and height in pixels. fer: 50.
  public var minSize: Int
  /// Largest face width and height in pixels; nil means the image size.
  public var maxSize: Int?

  /// fer's defaults: 1.1, 5, 50, no maximum.
  public init(scaleFactor: Double = 1.1, minNeighbors: Int = 5, minSize: Int = 50, maxSize: Int? = nil) {
    self.scaleFactor = scaleFactor
    self.minNeighbors = minNeighbors
    self.minSize = minSize
    self.maxSize = maxSize
  }

  /// A one-line reason when the options cannot be used, else nil.
  public var problem: String? {
    if !(scaleFactor > 1) || !scaleFactor.isFinite {
      return "scale factor must be greater than 1 (got \(scaleFactor))"
    }
    if minSize < 0 { return "minimum size must not be negative (got \(minSize))" }
    if let maxSize, maxSize < 1 { return "maximum size must be positive (got \(maxSize))" }
    return nil
  }
}
