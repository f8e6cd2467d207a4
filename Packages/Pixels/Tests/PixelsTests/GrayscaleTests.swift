import Pixels
import Testing

@Suite("Grayscale")
struct GrayscaleTests {
  @Test func primariesGetOpenCVsGrays() throws {
    // (9798 R + 19235 G + 3735 B + 16384) >> 15 by hand: red 2,514,874 >> 15 = 76, green
    // 4,921,309 >> 15 = 150, blue 968,809 >> 15 = 29; white 8,372,224 >> 15 = 255.
    let image = try RGBImage(
      width: 5, height: 1, pixels: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0])
    #expect(image.grayscale().pixels == [76, 150, 29, 255, 0])
    #expect(image.grayscale().width == 5 && image.grayscale().height == 1)
  }
}
