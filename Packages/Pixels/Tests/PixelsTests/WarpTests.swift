import Pixels
import Testing

@Suite("Warping RGB images")
struct WarpTests {
  /// 3x2: red 10, 20, 40 / 50, 60, 70; green 11, 21, 255 / 0, 0, 0; blue the column.
  static let image = RGBImage(width: 3, height: 2) { x, y in
    (y == 0 ? [10, 20, 40][x] : [50, 60, 70][x], y == 0 ? [11, 21, 255][x] : 0, UInt8(x))
  }

  @Test func theIdentityKeepsTheImageAndOutsideIsBlack() {
    #expect(Self.image.warped(by: .identity, width: 3, height: 2) == Self.image)
    // A larger output shows the picture in its top left and black beyond it.
    let larger = Self.image.warped(by: .identity, width: 4, height: 3)
    #expect(larger[2, 1] == Self.image[2, 1])
    #expect(larger[3, 0] == (0, 0, 0) && larger[0, 2] == (0, 0, 0) && larger[3, 2] == (0, 0, 0))
    let away = Self.image.warped(by: SimilarityTransform(scale: 1, tx: 10, ty: 0), width: 3, height: 2)
    #expect(away.pixels.allSatisfy { $0 == 0 })
    // Scale zero cannot be inverted: nothing of the source reaches the output.
    let collapsed = Self.image.warped(by: SimilarityTransform(a: 0, b: 0, tx: 1, ty: 1), width: 2, height: 2)
    #expect(collapsed.pixels == [UInt8](repeating: 0, count: 12))
    #expect(
      Self.image.warped(by: .identity, width: 0, height: -1)
        == RGBImage(width: 1, height: 1) { _, _ in (10, 11, 0) })
  }

  @Test func halfAPixelToTheRightAveragesNeighboursAndTheBlackBorder() {
    // Output x reads the source at x − 0.5: half of each neighbour, black beyond the edges.
    let shifted = Self.image.warped(by: SimilarityTransform(scale: 1, tx: 0.5, ty: 0), width: 4, height: 1)
    // Red: 10/2, (10+20)/2, (20+40)/2, 40/2. Green: 5.5 and 127.5 round to the even 6 and 128.
    // Blue: 0/2, (0+1)/2 = 0.5 → 0, (1+2)/2 = 1.5 → 2, 2/2.
    #expect(shifted.pixels == [5, 6, 0, 15, 16, 0, 30, 138, 2, 20, 128, 1])
  }

  @Test func halfAPixelDiagonallyAveragesFour() {
    let shifted = Self.image.warped(by: SimilarityTransform(scale: 1, tx: 0.5, ty: 0.5), width: 2, height: 2)
    // (0, 0) reads (−0.5, −0.5): a quarter of pixel (0, 0), red 2.5 → 2. (1, 1) reads (0.5, 0.5): the mean of
    // the top-left 2x2, red (10 + 20 + 50 + 60) / 4 = 35, green (11 + 21) / 4 = 8, blue 2 / 4 → 0.
    // (1, 0): a quarter each of (0, 0) and (1, 0), black above: red 7.5 → 8, green 8, blue 0.
    // (0, 1): a quarter each of (0, 0) and (0, 1), black to the left: red 15, green 2.75 → 3.
    #expect(shifted.pixels == [2, 3, 0, 8, 8, 0, 15, 3, 0, 35, 8, 0])
  }

  @Test func aQuarterTurnMovesWholePixels() {
    // (x, y) ↦ (1 − y, x): output (x, y) reads the source at (y, 1 − x).
    let turned = Self.image.warped(by: SimilarityTransform(a: 0, b: 1, tx: 1, ty: 0), width: 2, height: 3)
    #expect(turned[0, 0] == Self.image[0, 1] && turned[1, 0] == Self.image[0, 0])
    #expect(turned[0, 2] == Self.image[2, 1] && turned[1, 2] == Self.image[2, 0])
    // Doubling the size: even output pixels land on source pixels, odd ones halfway between.
    let doubled = Self.image.warped(by: SimilarityTransform(scale: 2, tx: 0, ty: 0), width: 5, height: 1)
    #expect(doubled.pixels.enumerated().filter { $0.offset % 3 == 0 }.map(\.element) == [10, 15, 20, 30, 40])
  }
}
