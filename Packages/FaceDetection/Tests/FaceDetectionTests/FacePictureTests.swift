import Pixels
import Testing

@testable import FaceDetection

/// A picture's gray pixels are OpenCV's whichever way they are made: whole, or one rectangle
/// from the colours alone.
@Suite("Face picture")
struct FacePictureTests {
  /// Colours that vary in every channel across a 37 x 23 picture (odd sizes: rows of rectangles
  /// start and end off any vector width).
  static let image = RGBImage(width: 37, height: 23) { x, y in
    (UInt8((x * 7 + y * 3) % 256), UInt8((x * 13 + y * 29) % 256), UInt8((x * 31 + y * 11 + 5) % 256))
  }

  @Test func aRectangleFromTheColoursEqualsTheSameRectangleOfTheWholeGrayPicture() {
    let expected = Self.image.grayscale()
    for (x, y, width, height) in [
      (0, 0, 37, 23), (3, 5, 17, 9), (36, 22, 1, 1), (0, 21, 37, 2), (5, 5, 0, 0),
    ] {
      let fromColours = FacePicture(rgb: Self.image).gray(x: x, y: y, width: width, height: height)
      let cut = (y..<(y + height)).flatMap { row in
        expected.pixels[(row * 37 + x)..<(row * 37 + x + width)]
      }
      #expect(fromColours == cut, "\(x), \(y), \(width) x \(height)")
      let whole = FacePicture(rgb: Self.image)
      #expect(whole.gray == expected)
      #expect(whole.gray(x: x, y: y, width: width, height: height) == cut, "from the whole picture")
      #expect(FacePicture(gray: expected).gray(x: x, y: y, width: width, height: height) == cut)
    }
  }
}
