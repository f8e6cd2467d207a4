import TerminalUITesting
import Testing

@testable import TerminalUI

/// The virtual terminal's sixel decoder on pictures written by hand from the DEC VT340
/// description: a sixel character is 0x3F plus six bits, the top row in the lowest bit.
@Suite("Sixel decoder")
struct SixelDecoderTests {
  static func decode(_ text: String) -> RGBImage? {
    SixelDecoder.decode(Array(text.utf8))
  }

  @Test func registersRepeatsCarriageReturnAndBandsPaintWhereTheySay() throws {
    // Red and blue registers; three full red columns; back to the start, one blue pixel at
    // the top; the next band, one full red column.
    let image = try #require(Self.decode("q#0;2;100;0;0#1;2;0;0;100#0!3~$#1@-#0~"))
    #expect(image.width == 3 && image.height == 12)
    #expect(image[0, 0] == (0, 0, 255), "the blue pixel drawn over the red")
    #expect(image[0, 1] == (255, 0, 0) && image[1, 0] == (255, 0, 0) && image[2, 5] == (255, 0, 0))
    #expect(image[0, 6] == (255, 0, 0) && image[0, 11] == (255, 0, 0), "the second band")
    #expect(image[1, 6] == (0, 0, 0) && image[2, 11] == (0, 0, 0), "no sixel set them")
  }

  @Test func rasterAttributesGiveTheSizeAndPaintingStartsWhite() throws {
    // "A" sets the second row only; the declared 4x2 is wider than what was painted.
    let wide = try #require(Self.decode("q\"1;1;4;2A"))
    #expect(wide.width == 4 && wide.height == 2)
    #expect(wide[0, 1] == (255, 255, 255) && wide[0, 0] == (0, 0, 0) && wide[3, 1] == (0, 0, 0))
    // A full sixel is six rows; the declared height keeps two.
    let cut = try #require(Self.decode("q\"1;1;2;2~"))
    #expect(cut.width == 2 && cut.height == 2)
    #expect(cut[0, 0] == (255, 255, 255) && cut[0, 1] == (255, 255, 255) && cut[1, 0] == (0, 0, 0))
  }

  @Test func hlsColorsPutBlueAtZeroDegrees() throws {
    // DEC's hue circle: blue at 0, red at 120, green at 240; lightness 50% and saturation
    // 100% give the pure colour, saturation 0 a gray of the lightness.
    let image = try #require(Self.decode("q#1;1;0;50;100@#2;1;120;50;100@#3;1;240;50;100@#4;1;0;50;0@"))
    #expect(image.width == 4 && image.height == 1)
    #expect(image[0, 0] == (0, 0, 255))
    #expect(image[1, 0] == (255, 0, 0))
    #expect(image[2, 0] == (0, 255, 0))
    #expect(image[3, 0] == (127, 127, 127))
  }

  @Test func dataWithoutAPictureIsNil() {
    #expect(Self.decode("no introducer") == nil)
    #expect(Self.decode("q") == nil)
    #expect(Self.decode("q#0;2;100;0;0$-") == nil, "registers and moves paint nothing")
  }
}
