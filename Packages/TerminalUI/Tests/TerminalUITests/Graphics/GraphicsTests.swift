import Navigation
import TerminalUISixel
import TerminalUITesting
import Testing

@testable import TerminalUI

/// A screen that shows one picture in its whole area, as the Vision screen does.
@MainActor
final class PictureScreen: Screen {
  let title = "Picture"
  var image: RGBImage

  init(_ image: RGBImage) { self.image = image }

  func draw(into canvas: inout Canvas) {
    canvas.draw(ImageView(image: image), in: Rect(x: 0, y: 0, width: canvas.width, height: canvas.height))
  }
}

/// Pictures sent with the kitty protocol and sixel, read back by the virtual terminal's own
/// decoders, and the choice of protocol by asking the terminal.
@MainActor
@Suite("Terminal graphics")
struct GraphicsTests {
  /// A picture of many colors: gradients and a square, 120x80 pixels.
  static let picture = RGBImage(width: 120, height: 80) { x, y in
    (x >= 40 && x < 60 && y >= 20 && y < 40)
      ? (255, 210, 0) : (UInt8(x * 2), UInt8(y * 3), UInt8((x + y) % 256))
  }

  static func session(
    graphics: VirtualGraphics, preference: GraphicsPreference = .auto, environment: [String: String] = [:],
    size: Size = Size(width: 40, height: 14)
  ) -> (VirtualTerminal, TerminalRouter, PictureScreen, TestOwner) {
    let router = TerminalRouter()
    var variables = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
    variables.merge(environment) { $1 }
    let terminal = VirtualTerminal(router: router, size: size, environment: variables, graphics: graphics)
    terminal.app.graphicsSupport = GraphicsSupport(
      preference: preference, sixelEncoder: SixelImageEncoder(dithers: false))
    let owner = TestOwner()
    let screen = PictureScreen(picture)
    router.setRoot(screen, route: TestRoutes.main, owner: owner)
    terminal.refresh()
    return (terminal, router, screen, owner)
  }

  static func meanDifference(_ a: RGBImage, _ b: RGBImage) -> Double {
    guard a.width == b.width, a.height == b.height else { return .infinity }
    let total = zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
    return Double(total) / Double(a.pixels.count)
  }

  @Test func aKittyTerminalGetsThePictureAtFullResolutionInItsCells() throws {
    let (terminal, _, _, _) = Self.session(
      graphics: VirtualGraphics(kitty: true, cellSize: Size(width: 8, height: 16)))
    let picture = try #require(terminal.pictures.first)
    #expect(terminal.app.graphics == .kitty)
    #expect(terminal.pictures.count == 1)
    #expect(picture.graphics == .kitty)
    #expect(picture.image == Self.picture, "the area holds more pixels than the picture: sent as it is")
    // The screen area is 40x10 cells of 8x16 pixels (320x160): 120x80 scales by 2 to 240x160,
    // 30x10 cells, centred.
    #expect(picture.cells == Size(width: 30, height: 10))
    #expect(picture.origin == Point(x: 5, y: 2))
    #expect(terminal.cell(x: 10, y: 5).character == " ", "no half blocks under the picture")
  }

  @Test func aNewCellSizeAfterAResizeRefitsThePicture() throws {
    let (terminal, _, _, _) = Self.session(
      graphics: VirtualGraphics(sixel: true, cellSize: Size(width: 8, height: 16)))
    #expect(terminal.pictures.first?.cells == Size(width: 15, height: 5))
    // The same cells, twice as many pixels each (a larger font): the 120x80 picture, shown one
    // to one, covers half as many cells.
    terminal.resize(to: Size(width: 40, height: 14), cellPixels: Size(width: 16, height: 32))
    let picture = try #require(terminal.pictures.first)
    #expect(picture.image.width == 120 && picture.image.height == 80)
    #expect(picture.origin == Point(x: 16, y: 5), "centred for 8x3 cells")
  }

  @Test func anUnchangedFrameIsNotSentAgainAndANewScreenErasesThePicture() throws {
    let (terminal, router, screen, owner) = Self.session(graphics: VirtualGraphics(kitty: true))
    #expect(terminal.pictures.count == 1)
    terminal.clearOutput()
    terminal.refresh()
    #expect(!terminal.transcript.contains("\u{1B}_G"), "nothing sent for an unchanged frame")
    screen.image = RGBImage(width: 120, height: 80) { _, _ in (10, 20, 30) }
    terminal.refresh()
    #expect(terminal.pictures.count == 1 && terminal.pictures.first?.image == screen.image)
    router.push(LabelScreen("Text"), route: TestRoutes.about, owner: owner)
    terminal.refresh()
    #expect(terminal.pictures.isEmpty)
    #expect(terminal.screen.contains("Text"))
  }

  @Test func aSixelTerminalGetsThePictureDecodedBackWithinThePalettesPrecision() throws {
    let (terminal, _, _, _) = Self.session(
      graphics: VirtualGraphics(sixel: true, cellSize: Size(width: 8, height: 16)))
    #expect(terminal.app.graphics == .sixel)
    let picture = try #require(terminal.pictures.first)
    #expect(picture.graphics == .sixel)
    #expect(picture.image.width == 120 && picture.image.height == 80, "one to one: never scaled up")
    #expect(picture.cells == Size(width: 15, height: 5))
    #expect(picture.origin == Point(x: 12, y: 4))
    // 256 colors for a picture of more: within a few levels on average.
    #expect(Self.meanDifference(picture.image, Self.picture) < 6)
    let square = picture.image.pixel(x: 50, y: 30)
    #expect(
      abs(Int(square.red) - 255) < 12 && abs(Int(square.green) - 210) < 12 && square.blue < 12,
      "the square: \(square)")
  }

  @Test func aSixelPictureThatLeavesHasItsCellsWrittenAgain() throws {
    let (terminal, router, _, owner) = Self.session(graphics: VirtualGraphics(sixel: true))
    #expect(terminal.pictures.count == 1)
    router.push(LabelScreen("Text"), route: TestRoutes.about, owner: owner)
    terminal.refresh()
    #expect(terminal.pictures.isEmpty, "its cells were written over")
  }

  @Test func aTerminalThatAnswersNothingButDA1GetsHalfBlocks() {
    let (terminal, _, _, _) = Self.session(graphics: .none)
    #expect(terminal.app.graphics == .blocks)
    #expect(terminal.pictures.isEmpty)
    #expect(terminal.screen.contains("▀"))
  }

  @Test func tmuxNoColorAndAForcedChoiceAreNotAsked() {
    for environment in [["TMUX": "/tmp/tmux-0/default,1,0"], ["NO_COLOR": "1"], ["TERM": "screen-256color"]] {
      let (terminal, _, _, _) = Self.session(graphics: VirtualGraphics(kitty: true), environment: environment)
      #expect(terminal.app.graphics == .blocks, "\(environment)")
      #expect(!terminal.transcript.contains("\u{1B}[c"), "no query in \(environment)")
    }
    let (forced, _, _, _) = Self.session(graphics: VirtualGraphics(sixel: true), preference: .kitty)
    #expect(forced.app.graphics == .kitty)
    let (blocks, _, _, _) = Self.session(graphics: VirtualGraphics(kitty: true), preference: .blocks)
    #expect(blocks.app.graphics == .blocks && blocks.pictures.isEmpty)
  }

  @Test func aModalOverThePictureTakesItOff() throws {
    let (terminal, router, _, owner) = Self.session(
      graphics: VirtualGraphics(kitty: true), size: Size(width: 60, height: 20))
    #expect(terminal.pictures.count == 1)
    router.present(LabelScreen("Box"), route: TestRoutes.about, owner: owner)
    terminal.refresh()
    #expect(terminal.pictures.isEmpty)
    // No half blocks are drawn where the terminal shows pictures: the area is blank around the box.
    #expect(!terminal.screen.contains("▀") && terminal.screen.contains("Box"), "\(terminal.screen)")
  }

  @Test func aLateAnswerIsNeverReadAsKeysAndStillChosenBy() throws {
    let (terminal, router, _, _) = Self.session(graphics: VirtualGraphics(sixel: true, answers: false))
    #expect(terminal.app.graphics == .blocks)
    #expect(terminal.screen.contains("▀"))
    // The answer starts with Esc, which would go back; with a key typed in the middle of it.
    terminal.send(Array("\u{1B}[?62;".utf8))
    terminal.send(Array("4;22c".utf8))
    #expect(router.stack.entries.count == 1, "no Esc went to the router")
    #expect(terminal.app.graphics == .sixel)
    #expect(terminal.pictures.count == 1)
    terminal.send([UInt8(ascii: "q")])
    #expect(terminal.exitReason == .quit, "keys after the answer are keys")
  }

  @Test func theQueryTakesItsAnswersOutOfTheKeysTypedMeanwhile() {
    var query = GraphicsQuery()
    query.feed(Array("j\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;17;9t\u{1B}[A".utf8))
    #expect(!query.isComplete)
    query.feed(Array("\u{1B}[?64;1;4;22ck".utf8))
    #expect(query.isComplete && query.supportsKitty && query.supportsSixel)
    #expect(query.cellSize == Size(width: 9, height: 17))
    #expect(query.otherInput == Array("j\u{1B}[Ak".utf8))
    #expect(query.choice(canSixel: true) == .kitty)
    var plain = GraphicsQuery()
    plain.feed(Array("\u{1B}[?1;2c".utf8))
    #expect(plain.isComplete && plain.choice(canSixel: true) == .blocks)
  }

  @Test func aPictureLargerThanItsCellsIsShrunkToTheirPixels() {
    let output = ImageOutput(encoder: SixelImageEncoder(), cellSize: Size(width: 10, height: 20))
    let big = RGBImage(width: 1000, height: 500) { x, _ in (UInt8(x % 256), 0, 0) }
    let fit = output.fit(ImagePlacement(rect: Rect(x: 0, y: 0, width: 40, height: 10), image: big))
    #expect(fit.image.width == 400 && fit.image.height == 200)
    #expect(fit.size == Size(width: 40, height: 10))
    #expect(Base64.encode(Array("any carnal pleas".utf8)) == Array("YW55IGNhcm5hbCBwbGVhcw==".utf8))
  }
}
