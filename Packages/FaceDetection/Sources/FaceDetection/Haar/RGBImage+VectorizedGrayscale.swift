import CFaceDetectionHaar
import Pixels

extension RGBImage {
  /// The same bytes as ``Pixels/RGBImage/grayscale()`` (OpenCV's `COLOR_RGB2GRAY`), from a
  /// loop vectorised for the CPU's instruction level: the gray picture the Haar scan reads and
  /// faces are cropped from, made once a frame.
  public func vectorizedGrayscale() -> GrayImage {
    let count = width * height
    let gray = [UInt8](unsafeUninitializedCapacity: count) { target, initialized in
      pixels.withUnsafeBufferPointer { source in
        guard let source = source.baseAddress, let target = target.baseAddress else { return }
        cfacedetection_haar_rgb_to_gray(source, target, count)
        initialized = count
      }
    }
    return GrayImage(uncheckedWidth: width, height: height, pixels: gray)
  }
}
