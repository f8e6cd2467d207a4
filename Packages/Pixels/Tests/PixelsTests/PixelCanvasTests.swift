import Pixels
import Testing

@Suite("Drawing on pictures")
struct PixelCanvasTests {
  /// The picture's pixels that are `color`, as `x,y` pairs.
  static func points(of color: (UInt8, UInt8, UInt8), in image: RGBImage) -> Set<[Int]> {
    var found: Set<[Int]> = []
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y] == color { found.insert([x, y]) }
    }
    return found
  }

  @Test func aFilledRectangleIsClippedToThePicture() throws {
    var canvas = PixelCanvas(try RGBImage(width: 3, height: 2, red: 0, green: 0, blue: 0))
    canvas.fill(x: 1, y: -1, width: 5, height: 2, color: (9, 8, 7))
    #expect(canvas.image.pixels == [0, 0, 0, 9, 8, 7, 9, 8, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    canvas.fill(x: 3, y: 0, width: 2, height: 2, color: (1, 1, 1))
    canvas.fill(x: 0, y: 0, width: 0, height: 2, color: (1, 1, 1))
    #expect(canvas.image.pixels == [0, 0, 0, 9, 8, 7, 9, 8, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0], "nothing inside")
  }

  @Test func anOutlinePaintsTheEdgesInsideTheBox() throws {
    let black = try RGBImage(width: 4, height: 4, red: 0, green: 0, blue: 0)
    var canvas = PixelCanvas(black)
    canvas.outline(BoundingBox(x: 0, y: 0, width: 4, height: 4), thickness: 1, color: (255, 0, 0))
    #expect(Self.points(of: (0, 0, 0), in: canvas.image) == [[1, 1], [2, 1], [1, 2], [2, 2]])
    #expect(black.pixels.allSatisfy { $0 == 0 }, "the original is untouched")
    // A box thinner than the outline is painted whole.
    var thin = PixelCanvas(black)
    thin.outline(BoundingBox(x: 1, y: 0, width: 2, height: 4), thickness: 5, color: (0, 255, 0))
    #expect(Self.points(of: (0, 255, 0), in: thin.image) == Set((0..<4).flatMap { y in [[1, y], [2, y]] }))
  }

  @Test func textPaintsTheGlyphsInkOnly() throws {
    var canvas = PixelCanvas(try RGBImage(width: 12, height: 8, red: 0, green: 0, blue: 0))
    canvas.write("1-", x: 0, y: 1, scale: 1, color: (255, 255, 255))
    // "1" at x 0...4 and "-" at x 6...10 (one pixel between glyphs), both from row 1.
    let one: Set<[Int]> = [
      [2, 1], [1, 2], [2, 2], [2, 3], [2, 4], [2, 5], [2, 6], [1, 7], [2, 7], [3, 7],
    ]
    let dash: Set<[Int]> = [[6, 4], [7, 4], [8, 4], [9, 4], [10, 4]]
    #expect(Self.points(of: (255, 255, 255), in: canvas.image) == one.union(dash))
    // At scale 2 each font pixel is 2x2: the dash is rows 6 and 7, columns 0...9.
    var large = PixelCanvas(try RGBImage(width: 10, height: 14, red: 0, green: 0, blue: 0))
    large.write("-", x: 0, y: 0, scale: 2, color: (1, 2, 3))
    #expect(
      Self.points(of: (1, 2, 3), in: large.image) == Set((6...7).flatMap { y in (0..<10).map { [$0, y] } }))
  }

  @Test func boxesAndLabelsAreBurntIntoACopy() throws {
    let image = try RGBImage(width: 60, height: 40, red: 100, green: 100, blue: 100)
    let box = BoundingBox(x: 10, y: 15, width: 20, height: 20)
    var canvas = PixelCanvas(image)
    canvas.mark(box, label: "happy", color: (255, 0, 0))
    let marked = canvas.image
    #expect(image[10, 20] == (100, 100, 100), "the original is untouched")
    #expect(marked[10, 20] == (255, 0, 0) && marked[11, 20] == (255, 0, 0), "the left edge, 2 px thick")
    #expect(marked[12, 20] == (100, 100, 100), "inside the box")
    #expect(marked[29, 34] == (255, 0, 0), "the bottom right corner")
    // The label tab (7 + 2 px tall) sits above the box, black text on the box's color.
    let tab = (6..<15).flatMap { y in (10..<40).map { x in marked[x, y] } }
    #expect(tab.contains { $0 == (0, 0, 0) } && tab.contains { $0 == (255, 0, 0) })
    #expect(marked[10, 5] == (100, 100, 100), "nothing above the tab")
    // The tab is 5 glyphs of 6 px less one, plus 1 px padding each side: x 10...40. Its text
    // starts 1 px in: the top row of "h" is "#....".
    #expect(marked[40, 6] == (255, 0, 0) && marked[41, 6] == (100, 100, 100))
    #expect(marked[11, 7] == (0, 0, 0) && marked[12, 7] == (255, 0, 0))
  }

  @Test func aBoxAtTheTopHasItsTabInsideAndAnEmptyLabelNone() throws {
    let image = try RGBImage(width: 40, height: 30, red: 100, green: 100, blue: 100)
    var canvas = PixelCanvas(image)
    canvas.mark(BoundingBox(x: 5, y: 0, width: 20, height: 20), label: "a", color: (0, 0, 255))
    // The tab, 7 x 9 px from the box's corner, lies inside it: all blue or black.
    #expect((0..<9).allSatisfy { y in (5..<12).allSatisfy { x in canvas.image[x, y] != (100, 100, 100) } })
    #expect(canvas.image[12, 2] == (100, 100, 100))
    var plain = PixelCanvas(image)
    plain.mark(BoundingBox(x: 5, y: 5, width: 20, height: 20), label: "", color: (0, 0, 255))
    #expect(Self.points(of: (0, 0, 255), in: plain.image).count == 20 * 20 - 16 * 16, "the outline only")
  }

  @Test func marksOutsideThePictureAreClipped() throws {
    let image = try RGBImage(width: 8, height: 8, red: 0, green: 0, blue: 0)
    var canvas = PixelCanvas(image)
    canvas.mark(BoundingBox(x: -4, y: -4, width: 8, height: 8), label: "a long label", color: (0, 255, 0))
    canvas.mark(BoundingBox(x: 20, y: 20, width: 5, height: 5), label: "gone", color: (0, 0, 255))
    let marked = canvas.image
    #expect(marked.width == 8 && marked.height == 8)
    // The clipped box's label tab covers the whole small picture: green with black letters;
    // the box outside the picture left nothing.
    let colors = Set(stride(from: 0, to: marked.pixels.count, by: 3).map { marked.pixels[$0..<$0 + 3] })
    #expect(colors == [[0, 255, 0], [0, 0, 0]])
  }
}
