extension GrayImage {
  /// The image resized to `width` x `height` with bilinear interpolation, matching OpenCV's
  /// `resize(…, INTER_LINEAR)` for 8-bit images.
  public func resized(width newWidth: Int, height newHeight: Int) throws(PixelError) -> GrayImage {
    guard newWidth > 0, newHeight > 0 else {
      throw PixelError.invalidSize(width: newWidth, height: newHeight)
    }
    return BilinearResizer.resize(self, width: newWidth, height: newHeight)
  }
}
