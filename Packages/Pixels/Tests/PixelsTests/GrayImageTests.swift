import Pixels
import Testing

@Suite("Gray images")
struct GrayImageTests {
  @Test func wrongSampleCountsAndSizesAreRejected() {
    #expect(throws: PixelError.sampleCountMismatch(expected: 6, actual: 5)) {
      try GrayImage(width: 3, height: 2, pixels: [0, 1, 2, 3, 4])
    }
    #expect(throws: PixelError.invalidSize(width: 0, height: 0)) {
      try GrayImage(width: 0, height: 0, pixels: [])
    }
    #expect(throws: PixelError.invalidSize(width: Int.max, height: Int.max)) {
      try GrayImage(width: Int.max, height: Int.max, pixels: [])
    }
  }

  @Test func grayBecomesRGBWithEqualChannels() throws {
    let gray = try GrayImage(width: 2, height: 1, pixels: [5, 9])
    #expect(gray.rgb().pixels == [5, 5, 5, 9, 9, 9])
    #expect(gray[1, 0] == 9)
  }

  @Test func aCropCopiesTheRectangleAndMustLieInside() throws {
    let gray = try GrayImage(width: 3, height: 2, pixels: [0, 1, 2, 3, 4, 5])
    let crop = try gray.cropped(x: 1, y: 0, width: 2, height: 2)
    #expect(crop.width == 2 && crop.height == 2 && crop.pixels == [1, 2, 4, 5])
    #expect(try gray.cropped(x: 0, y: 1, width: 3, height: 1).pixels == [3, 4, 5])
    #expect(throws: PixelError.invalidSize(width: 3, height: 1)) {
      try gray.cropped(x: 1, y: 0, width: 3, height: 1)
    }
    #expect(throws: PixelError.invalidSize(width: 1, height: 1)) {
      try gray.cropped(x: -1, y: 0, width: 1, height: 1)
    }
    #expect(throws: PixelError.invalidSize(width: 0, height: 1)) {
      try gray.cropped(x: 0, y: 0, width: 0, height: 1)
    }
  }
}
