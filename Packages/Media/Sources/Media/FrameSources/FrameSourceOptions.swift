/// Settings shared by all frame sources.
public struct FrameSourceOptions: Sendable {
  /// Keep every Nth frame of videos, cameras and `lavfi:` inputs (1 keeps all).
  public var every: Int
  /// Largest image or frame, in pixels, accepted before decoding (100 megapixels by default).
  public var maxPixels: Int
  /// Receives one-line notes, such as files a folder source skipped.
  public var onNote: (@Sendable (String) -> Void)?
  /// Image files of folders and lists this returns true for are passed over without being
  /// read (`detect --resume` skips the images it has results for).
  public var skipsImage: (@Sendable (String) -> Bool)?

  /// Defaults: every frame, 100 megapixels, no notes, no image skipped.
  public init(
    every: Int = 1, maxPixels: Int = ImageDecoder.defaultMaxPixels,
    onNote: (@Sendable (String) -> Void)? = nil
  ) {
    self.every = every
    self.maxPixels = maxPixels
    self.onNote = onNote
  }
}
