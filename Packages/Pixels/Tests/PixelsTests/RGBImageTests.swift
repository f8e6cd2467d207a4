import Pixels
import Testing

@Suite("RGB images")
struct RGBImageTests {
  @Test func wrongByteCountsAndSizesAreRejected() {
    #expect((try? RGBImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 11))) == nil)
    #expect((try? RGBImage(width: -1, height: 2, pixels: [])) == nil)
    #expect(throws: PixelError.sampleCountMismatch(expected: 12, actual: 11)) {
      try RGBImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 11))
    }
    #expect(throws: PixelError.invalidSize(width: 0, height: 2)) {
      try RGBImage(width: 0, height: 2, pixels: [])
    }
    // Int.max x 2 pixels cannot be counted: a size error, not an overflow trap.
    #expect(throws: PixelError.invalidSize(width: Int.max, height: 2)) {
      try RGBImage(width: Int.max, height: 2, pixels: [])
    }
    #expect(throws: PixelError.invalidSize(width: 3, height: -1)) {
      try RGBImage(width: 3, height: -1, red: 1, green: 2, blue: 3)
    }
    #expect(PixelError.invalidSize(width: 0, height: 2).description == "invalid image size 0x2")
    #expect(
      PixelError.sampleCountMismatch(expected: 12, actual: 11).description == "expected 12 samples, got 11")
  }

  @Test func aPixelOutsideReadsTheNearestEdge() throws {
    let pixel = try RGBImage(width: 1, height: 1, pixels: [1, 2, 3]).pixel(x: 5, y: 5)
    #expect(pixel.red == 1 && pixel.green == 2 && pixel.blue == 3)
    let image = try RGBImage(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6])
    #expect(image.pixel(x: -3, y: 9) == (1, 2, 3) && image.pixel(x: 7, y: -1) == (4, 5, 6))
    #expect(image[1, 0] == (4, 5, 6))
  }

  @Test func theInitializersLayPixelsOutRowByRow() throws {
    #expect(try RGBImage(width: 2, height: 1, red: 9, green: 8, blue: 7).pixels == [9, 8, 7, 9, 8, 7])
    let made = RGBImage(width: 2, height: 2) { x, y in (UInt8(x), UInt8(y), 7) }
    #expect(made.pixels == [0, 0, 7, 1, 0, 7, 0, 1, 7, 1, 1, 7])
    #expect(made == (try RGBImage(width: 2, height: 2, pixels: made.pixels)))
  }

  @Test func shrinkingAveragesThePixelsUnderEachNewOne() throws {
    let image = try RGBImage(width: 2, height: 2, pixels: [0, 0, 0, 10, 20, 30, 20, 40, 60, 30, 60, 90])
    #expect(image.scaled(toWidth: 1, height: 1).pixels == [15, 30, 45])
    // Columns 0-1 and 2-3 of one row: (0 + 10) / 2 and (20 + 31) / 2 rounded down.
    let row = try RGBImage(width: 4, height: 1, pixels: [0, 0, 0, 10, 10, 10, 20, 20, 20, 31, 31, 31])
    #expect(row.scaled(toWidth: 2, height: 1).pixels == [5, 5, 5, 25, 25, 25])
    #expect(image.scaled(toWidth: 2, height: 2) == image)
    // Growing repeats the source pixel; sides below 1 count as 1.
    let one = try RGBImage(width: 1, height: 1, pixels: [4, 5, 6])
    #expect(one.scaled(toWidth: 2, height: 2).pixels == [4, 5, 6, 4, 5, 6, 4, 5, 6, 4, 5, 6])
    #expect(image.scaled(toWidth: 0, height: -3).pixels == [15, 30, 45])
  }
}
