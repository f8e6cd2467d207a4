import Pixels
import Testing

@Suite("Bounding boxes")
struct BoundingBoxTests {
  @Test func aBoxIsClippedToThePictureOrGone() {
    let box = BoundingBox(x: -4, y: -4, width: 8, height: 8)
    #expect(box.clipped(width: 8, height: 8) == BoundingBox(x: 0, y: 0, width: 4, height: 4))
    #expect(
      BoundingBox(x: 6, y: 1, width: 5, height: 2).clipped(width: 8, height: 8)
        == BoundingBox(x: 6, y: 1, width: 2, height: 2))
    #expect(BoundingBox(x: 20, y: 20, width: 5, height: 5).clipped(width: 8, height: 8) == nil)
    #expect(
      BoundingBox(x: 8, y: 0, width: 1, height: 1).clipped(width: 8, height: 8) == nil, "touching is outside")
  }

  @Test func aBoxPrintsAsFerAndOpenCVDo() {
    let box = BoundingBox(x: 1, y: 2, width: 3, height: 4)
    #expect(box.array == [1, 2, 3, 4])
    #expect(box.description == "1,2 3x4")
  }
}
