import FaceAnalysisInterface
import FaceAnalysisTesting
import Foundation
import TerminalUI
import TerminalUITesting
import Testing

@testable import MainFlow

/// The Vision screen on a terminal that shows pictures: the frame goes out at full resolution
/// with its boxes drawn in, as the virtual terminal decodes it.
@MainActor
@Suite("Vision screen with terminal graphics")
struct VisionGraphicsTests {
  @Test func aKittyTerminalGetsTheFrameAtFullResolutionWithItsBoxesDrawnIn() throws {
    let harness = try VisionHarness(
      service: VisionScreenTests.stillService(), source: "still.png", size: Size(width: 100, height: 30),
      environment: ["TERM": "xterm-kitty", "COLORTERM": "truecolor"],
      graphics: VirtualGraphics(kitty: true, cellSize: Size(width: 8, height: 16)))
    defer { harness.close() }
    #expect(harness.playToTheEnd())
    #expect(harness.terminal.app.graphics == .kitty)
    let pictures = harness.terminal.pictures
    let picture = try #require(pictures.first)
    #expect(pictures.count == 1)
    let frame = try #require(harness.view.model.frame)
    // 64x32, in an area of far more pixels: sent as it is, not enlarged.
    #expect(picture.image.width == frame.image.width && picture.image.height == frame.image.height)
    let happy = EmotionPalette.components(of: .happy)
    let left = picture.image.pixel(x: 8, y: 18)
    #expect(left.red == happy.red && left.green == happy.green && left.blue == happy.blue, "the box's edge")
    let inside = picture.image.pixel(x: 16, y: 18)
    let source = frame.image[16, 18]
    #expect(inside.red == source.red && inside.green == source.green && inside.blue == source.blue)
    let sad = EmotionPalette.components(of: .sad)
    let right = picture.image.pixel(x: 51, y: 16)
    #expect(right.red == sad.red && right.green == sad.green && right.blue == sad.blue)
    // No half blocks under it.
    let rows = harness.terminal.screenLines[picture.origin.y..<(picture.origin.y + picture.cells.height)]
    #expect(!rows.contains { $0.contains("▀") })
  }

  @Test func withoutAnAnswerTheFrameIsInHalfBlocks() throws {
    let harness = try VisionHarness(
      service: VisionScreenTests.stillService(), source: "still.png", graphics: VirtualGraphics.none)
    defer { harness.close() }
    #expect(harness.playToTheEnd())
    #expect(harness.terminal.app.graphics == .blocks)
    #expect(harness.terminal.pictures.isEmpty)
    #expect(harness.terminal.screen.contains("▀"))
  }
}
