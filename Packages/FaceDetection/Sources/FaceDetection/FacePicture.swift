import CFaceDetectionHaar
import Pixels
import System

/// One picture as the detectors and the emotion crop read it: its colours when there are any,
/// and its gray version (OpenCV's `COLOR_RGB2GRAY`), made whole on first use or only where it
/// is read. The Haar cascade reads the whole gray picture; BlazeFace reads the colours, and
/// then only the faces' crops are ever made gray (a fifth of a 1080p frame's own work).
public final class FacePicture: Sendable {
  /// The colours, nil for a picture that is gray only.
  public let rgb: RGBImage?
  /// Its width in pixels.
  public let width: Int
  /// Its height in pixels.
  public let height: Int
  private let wholeGray: LockedValue<GrayImage?>

  /// A colour picture; its gray version is made when it is asked for.
  public init(rgb: RGBImage) {
    self.rgb = rgb
    (width, height) = (rgb.width, rgb.height)
    wholeGray = LockedValue(nil)
  }

  /// A picture that is gray only.
  public init(gray: GrayImage) {
    rgb = nil
    (width, height) = (gray.width, gray.height)
    wholeGray = LockedValue(gray)
  }

  /// The whole gray picture, made once.
  public var gray: GrayImage {
    wholeGray.withLock { cached in
      // A gray-only picture starts with it; a colour one makes it here.
      guard let made = cached ?? rgb?.vectorizedGrayscale() else {
        return GrayImage(uncheckedWidth: 0, height: 0, pixels: [])
      }
      cached = made
      return made
    }
  }

  /// The gray pixels of a rectangle inside the picture, row by row: cut from the whole gray
  /// picture when it has been made, else converted from those colours alone.
  public func gray(x: Int, y: Int, width regionWidth: Int, height regionHeight: Int) -> [UInt8] {
    precondition(
      x >= 0 && y >= 0 && regionWidth >= 0 && regionHeight >= 0 && x + regionWidth <= width
        && y + regionHeight <= height, "a gray region inside the picture")
    let whole = wholeGray.withLock { $0 }
    return [UInt8](unsafeUninitializedCapacity: regionWidth * regionHeight) { target, initialized in
      guard let base = target.baseAddress else { return }
      if let whole {
        whole.pixels.withUnsafeBufferPointer { source in
          guard let gray = source.baseAddress else { return }
          for row in 0..<regionHeight {
            (base + row * regionWidth).initialize(from: gray + (y + row) * width + x, count: regionWidth)
          }
        }
      } else if let rgb {
        rgb.pixels.withUnsafeBufferPointer { source in
          guard let colours = source.baseAddress else { return }
          for row in 0..<regionHeight {
            cfacedetection_haar_rgb_to_gray(
              colours + ((y + row) * width + x) * 3, base + row * regionWidth, regionWidth)
          }
        }
      }
      initialized = regionWidth * regionHeight
    }
  }
}
