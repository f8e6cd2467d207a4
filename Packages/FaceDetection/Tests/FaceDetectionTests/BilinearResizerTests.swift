import Foundation
import Media
import Pixels
import SystemTesting
import Testing

@testable import FaceDetection

@Suite("Bilinear resize")
struct BilinearResizerTests {
  @Test("Hand-computed: 2x1 to 4x1 uses half-pixel centres")
  func handComputed() throws {
    let image = try GrayImage(width: 2, height: 1, pixels: [0, 100])
    // Destination centres map to -0.25, 0.25, 0.75, 1.25: clamped, 25 %, 75 %, clamped.
    #expect(try image.resized(width: 4, height: 1).pixels == [0, 25, 75, 100])
    // Halving averages 2 x 2 blocks with rounding: (10 + 20 + 30 + 41 + 2) >> 2 = 25.
    let block = try GrayImage(width: 2, height: 2, pixels: [10, 20, 30, 41])
    #expect(try block.resized(width: 1, height: 1).pixels == [25])
  }

  @Test("Crops resized like cv2.resize INTER_LINEAR (within 1 level; in fact identical)")
  func crops() throws {
    let reference = try TestFiles.referenceJSON("opencv_reference.json")
    let source = try #require(reference["resizeSource"] as? [String: Any])
    let camera = try ImageDecoder().decode(contentsOfFile: try TestFiles.fixture("camera.png")).grayscale()
    let crop = try camera.cropped(
      x: try #require(source["x"] as? Int), y: try #require(source["y"] as? Int),
      width: try #require(source["width"] as? Int), height: try #require(source["height"] as? Int))
    let cases = try #require(reference["resize"] as? [[String: Any]])
    for entry in cases {
      let width = try #require(entry["width"] as? Int)
      let height = try #require(entry["height"] as? Int)
      let expected = try #require(entry["pixels"] as? [Int])
      let actual = try crop.resized(width: width, height: height).pixels.map(Int.init)
      let worst = zip(actual, expected).map { abs($0 - $1) }.max() ?? 0
      #expect(worst <= 1, "\(width)x\(height)")
      #expect(actual == expected, "\(width)x\(height)")
    }
  }

  @Test("Whole images resized identically to OpenCV")
  func wholeImages() throws {
    let reference = try TestFiles.referenceJSON("opencv_reference.json")
    for entry in try #require(reference["resizeWhole"] as? [[String: Any]]) {
      let name = try #require(entry["image"] as? String)
      let width = try #require(entry["width"] as? Int)
      let height = try #require(entry["height"] as? Int)
      let gray = try ImageDecoder().decode(contentsOfFile: try TestFiles.fixture(name)).grayscale()
      let resized = try gray.resized(width: width, height: height)
      #expect(TestFiles.fnv1a64(resized.pixels) == entry["fnv1a64"] as? String, "\(name) \(width)x\(height)")
    }
  }
}
