import CFaceDetectionHaar
import Pixels
import System

/// One picture as the detectors and the emotion crop read it: its colours when there are any,
/// and its gray version (OpenCV's `COLOR_RGB2GRAY`), made whole on first use or only where it
/// is read. The Haar cascade reads the whole gray picture; BlazeFace reads the colours, and
/// then only the faces' crops are ever made gray (a fifth of a 1080p frame's own work).
public final class FacePicture: Sendable {
  /// Its width in pixels.
  public let width: Int
  /// Its height in pixels.
  public let height: Int
  private let source: Source

  /// What the picture was made from.
  private enum Source: Sendable {
    /// Colours, and their gray version once made.
    case colours(RGBImage, wholeGray: LockedValue<GrayImage?>)
    /// A gray picture alone.
    case gray(GrayImage)
  }

  /// A colour picture; its gray version is made when it is asked for.
  public init(rgb: RGBImage) {
    (width, height) = (rgb.width, rgb.height)
    source = .colours(rgb, wholeGray: LockedValue(nil))
  }

  /// A picture that is gray only.
  public init(gray: GrayImage) {
    (width, height) = (gray.width, gray.height)
    source = .gray(gray)
  }

  /// The colours, nil for a picture that is gray only.
  public var rgb: RGBImage? {
    if case .colours(let rgb, _) = source { rgb } else { nil }
  }

  /// The whole gray picture, made once.
  public var gray: GrayImage {
    switch source {
    case .gray(let gray): gray
    case .colours(let rgb, let wholeGray):
      wholeGray.withLock { made in
        if let made { return made }
        let gray = rgb.vectorizedGrayscale()
        made = gray
        return gray
      }
    }
  }

  /// The gray pixels of a rectangle inside the picture, row by row: cut from the whole gray
  /// picture when it has been made, else converted from those colours alone.
  public func gray(x: Int, y: Int, width regionWidth: Int, height regionHeight: Int) -> [UInt8] {
    precondition(
      x >= 0 && y >= 0 && regionWidth >= 0 && regionHeight >= 0 && x + regionWidth <= width
        && y + regionHeight <= height, "a gray region inside the picture")
    // The whole gray picture when there is one already, else the colours.
    let whole: GrayImage?
    let colours: RGBImage?
    switch source {
    case .gray(let gray): (whole, colours) = (gray, nil)
    case .colours(let rgb, let wholeGray): (whole, colours) = (wholeGray.withLock { $0 }, rgb)
    }
    return [UInt8](unsafeUninitializedCapacity: regionWidth * regionHeight) { target, initialized in
      guard let base = target.baseAddress else { return }
      if let whole {
        whole.pixels.withUnsafeBufferPointer { source in
          guard let gray = source.baseAddress else { return }
          for row in 0..<regionHeight {
            (base + row * regionWidth).initialize(from: gray + (y + row) * width + x, count: regionWidth)
          }
        }
      } else if let colours {
        colours.pixels.withUnsafeBufferPointer { source in
          guard let rgb = source.baseAddress else { return }
          for row in 0..<regionHeight {
            cfacedetection_haar_rgb_to_gray(
              rgb + ((y + row) * width + x) * 3, base + row * regionWidth, regionWidth)
          }
        }
      }
      initialized = regionWidth * regionHeight
    }
  }
}
