/// One frame with its faces, as a recognition session yields it.
public struct RecognizedFrame: Sendable, Equatable {
  /// The frame's index in its source, from 0.
  public var index: Int
  /// The frame's time in seconds from the start.
  public var time: Double
  /// The file the frame came from, for folders; otherwise the source's name.
  public var name: String
  /// The picture.
  public var image: RGBImage
  /// The faces found, in detection order.
  public var faces: [RecognizedFace]
  /// Seconds spent finding faces.
  public var detectionSeconds: Double
  /// Seconds spent classifying them.
  public var classificationSeconds: Double

  /// Creates a frame.
  public init(
    index: Int, time: Double, name: String, image: RGBImage, faces: [RecognizedFace],
    detectionSeconds: Double = 0,
    classificationSeconds: Double = 0
  ) {
    self.index = index
    self.time = time
    self.name = name
    self.image = image
    self.faces = faces
    self.detectionSeconds = detectionSeconds
    self.classificationSeconds = classificationSeconds
  }

  /// The largest face by box area (the first of equals), if any (``Swift/Sequence/largest``).
  public var largestFace: RecognizedFace? { faces.largest }
}
