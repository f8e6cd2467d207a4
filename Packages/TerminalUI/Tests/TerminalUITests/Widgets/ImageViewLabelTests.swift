import Testing

@testable import TerminalUI

@MainActor
struct ImageViewLabelTests {
  @Test func aLabelRunsPastANarrowBoxUpToThePicturesEdge() {
    // An 8x4 black image in 8x2 cells; a 2-pixel box at the left and one at the right.
    let image = RGBImage(width: 8, height: 4) { _, _ in (0, 0, 0) }
    let view = ImageView(
      image: image,
      boxes: [
        ImageView.Box(x: 0, y: 0, width: 2, height: 2, label: "happy"),
        ImageView.Box(x: 6, y: 2, width: 2, height: 2, label: "sad 60%"),
      ])
    let canvas = Canvas.drawing(width: 8, height: 2, mode: .trueColor) { view.draw(into: &$0) }
    #expect(
      canvas.text == """
        happy▀▀▀
        ▀▀▀▀▀▀s…
        """)
  }
}
