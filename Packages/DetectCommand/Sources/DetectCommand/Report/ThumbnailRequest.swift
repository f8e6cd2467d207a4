import FaceAnalysis

/// A face the report shows as a picture: its source as the records name it, the frame's index
/// there and the face's box. Ordered by source, frame and box, the order the report asks for
/// them in, so that a provider reads each source once, forwards.
struct ThumbnailRequest: Hashable, Comparable, Sendable {
  /// The image or video, as the records name it.
  var source: String
  /// The frame's index in the source; 0 for an image.
  var frame: Int
  /// The face's box in the frame's pixels.
  var box: BoundingBox

  /// A request from its parts.
  init(source: String, frame: Int, box: BoundingBox) {
    self.source = source
    self.frame = frame
    self.box = box
  }

  /// By source, then frame, then the box's corner and size.
  static func < (left: ThumbnailRequest, right: ThumbnailRequest) -> Bool {
    if left.source != right.source { return left.source < right.source }
    if left.frame != right.frame { return left.frame < right.frame }
    return left.box.array.lexicographicallyPrecedes(right.box.array)
  }
}
