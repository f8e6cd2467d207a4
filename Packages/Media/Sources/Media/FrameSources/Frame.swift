import Pixels

/// One picture from a frame source.
public struct Frame: Sendable {
  /// The input it came from: an image path, or the video, camera or `lavfi:` input as given.
  public let source: String
  /// The frame's index in its video (sampled frames keep their original index); 0 for a photo.
  public let index: Int
  /// Seconds from the start of the video: the frame's presentation time less the first frame's
  /// (``FrameClock``), so a variable-frame-rate clip's frames keep their real times; nil for a
  /// photo.
  public let time: Double?
  /// The pixels.
  public let image: RGBImage

  /// A frame from its parts.
  public init(source: String, index: Int, time: Double?, image: RGBImage) {
    self.source = source
    self.index = index
    self.time = time
    self.image = image
  }
}
