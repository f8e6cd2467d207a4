import Testing

@testable import TerminalUI

struct WidgetTests {
  @Test func progressBarInWholeCells() {
    let bar = ProgressBar(fraction: 0.5, label: "Load")
    let canvas = Canvas.drawing(width: 20, height: 1) { bar.draw(into: &$0) }
    #expect(canvas.text == "Load ████···· 50%")
    #expect(bar.lines(width: 20) == ["Load [####----] 50%"])
  }

  @Test func progressBarInEighths() {
    let bar = ProgressBar(fraction: 0.3, label: "Load")
    let canvas = Canvas.drawing(width: 20, height: 1) { bar.draw(into: &$0) }
    #expect(canvas.text == "Load ██▍····· 30%")
  }

  @Test func progressBarClampsItsFraction() {
    #expect(ProgressBar(fraction: 1.7).percentText == "100%")
    #expect(ProgressBar(fraction: -1).percentText == "0%")
    #expect(ProgressBar(fraction: .nan).percentText == "0%")
    #expect(ProgressBar(fraction: 0.999).percentText == "99%")
    let canvas = Canvas.drawing(width: 12, height: 1) { ProgressBar(fraction: 1).draw(into: &$0) }
    #expect(canvas.text == "█████ 100%")
  }

  @Test func barChartDrawsTheLargestBold() {
    let chart = BarChart([BarChart.Entry("happy", 0.75), BarChart.Entry("sad", 0.25)])
    let canvas = Canvas.drawing(width: 20, height: 2) { chart.draw(into: &$0) }
    #expect(
      canvas.text == """
        happy ██████▊    75%
        sad   ██▎        25%
        """)
    #expect(canvas[0, 0].style.bold)
    #expect(!canvas[0, 1].style.bold)
    #expect(
      chart.lines(width: 20) == [
        "happy ######     75%",
        "sad   ##         25%",
      ])
  }

  @Test func barChartOfSevenEmotions() {
    let labels = ["angry", "disgust", "fear", "happy", "sad", "surprise", "neutral"]
    let values = [0.0, 0.0, 0.1, 0.5, 0.0, 0.3, 0.1]
    let chart = BarChart(zip(labels, values).map { BarChart.Entry($0, $1) })
    // 30 columns: labels 8 wide, a space, bars 16 wide (128 eighths), percentages right-aligned.
    let canvas = Canvas.drawing(width: 30, height: 7) { chart.draw(into: &$0) }
    #expect(
      canvas.text == """
        angry                       0%
        disgust                     0%
        fear     █▌                10%
        happy    ████████          50%
        sad                         0%
        surprise ████▊             30%
        neutral  █▌                10%
        """)
  }

  @Test func imageInTrueColorHalfBlocks() {
    // Top row red, bottom row blue: each cell shows two pixels, top as the foreground.
    let image = RGBImage(width: 2, height: 2) { _, y in y == 0 ? (255, 0, 0) : (0, 0, 255) }
    let canvas = Canvas.drawing(width: 4, height: 2, mode: .trueColor) {
      ImageView(image: image).draw(into: &$0)
    }
    #expect(
      canvas.text == """
        ▀▀▀▀
        ▀▀▀▀
        """)
    #expect(canvas[0, 0].style == Style(foreground: .rgb(255, 0, 0), background: .rgb(255, 0, 0)))
    #expect(canvas[3, 1].style == Style(foreground: .rgb(0, 0, 255), background: .rgb(0, 0, 255)))
  }

  @Test func imageKeepsItsAspectAndIsCentred() {
    // 4x2 pixels in 10x5 cells: scaled 2.5 times to 10x5 pixels, 3 rows of cells, centred.
    let image = RGBImage(width: 4, height: 2) { _, _ in (10, 20, 30) }
    let view = ImageView(image: image)
    #expect(view.fittedSize(in: Size(width: 10, height: 5)) == Size(width: 10, height: 3))
    let canvas = Canvas.drawing(width: 10, height: 5, mode: .trueColor) { view.draw(into: &$0) }
    #expect(canvas.lines == ["", "▀▀▀▀▀▀▀▀▀▀", "▀▀▀▀▀▀▀▀▀▀", "▀▀▀▀▀▀▀▀▀▀", ""])
    // Five pixel rows: the last cell row shows only its top pixel.
    #expect(canvas[0, 3].style.background == nil)
    #expect(canvas[0, 2].style.background == .rgb(10, 20, 30))
    // A tall image in a wide area keeps its width small.
    let tall = ImageView(image: RGBImage(width: 10, height: 40) { _, _ in (0, 0, 0) })
    #expect(tall.fittedSize(in: Size(width: 40, height: 10)) == Size(width: 5, height: 10))
  }

  @Test func imageInGrayUsesShadesAndNoColors() {
    let image = RGBImage(width: 4, height: 2) { x, _ in x < 2 ? (255, 255, 255) : (0, 0, 0) }
    let canvas = Canvas.drawing(width: 4, height: 1, mode: .gray) { ImageView(image: image).draw(into: &$0) }
    #expect(canvas.text == "██")
    #expect(canvas[0, 0].style == .plain)
  }

  @Test func boxesOutlineRegionsWithALabel() {
    // A 4x4 black image in 4x2 cells: one image pixel per half block. The box is the whole
    // image, so its outline is pixel rows 0 and 3 and columns 0 and 3.
    let image = RGBImage(width: 4, height: 4) { _, _ in (0, 0, 0) }
    let view = ImageView(
      image: image,
      boxes: [ImageView.Box(x: 0, y: 0, width: 4, height: 4, label: "hi", color: .rgb(255, 0, 0))])
    let canvas = Canvas.drawing(width: 4, height: 2, mode: .trueColor) { view.draw(into: &$0) }
    #expect(
      canvas.text == """
        hi▀▀
        ▀▀▀▀
        """)
    let red = Color.rgb(255, 0, 0)
    let black = Color.rgb(0, 0, 0)
    #expect(canvas[0, 0].style == Style(bold: true, foreground: black, background: red), "the label")
    #expect(canvas[2, 0].style == Style(foreground: red, background: black), "top edge over the inside")
    #expect(canvas[3, 0].style == Style(foreground: red, background: red), "right edge")
    #expect(canvas[1, 1].style == Style(foreground: black, background: red), "inside over the bottom edge")
    #expect(canvas[0, 1].style == Style(foreground: red, background: red), "left edge")
  }

  @Test func imageInLineModeIsASCIIShading() {
    let image = RGBImage(width: 4, height: 4) { x, _ in x < 2 ? (255, 255, 255) : (0, 0, 0) }
    #expect(ImageView(image: image, lineModeWidth: 4).lines(width: 80) == ["@@", "@@"])
  }

  @Test func textFieldEditing() {
    var field = TextField("hello")
    for key in [Key.left, .left, .backspace] { _ = field.handle(key) }
    #expect(field.text == "helo")
    _ = field.handle(.character("L"))
    #expect(field.text == "heLlo")
    _ = field.handle(.home)
    _ = field.handle(.delete)
    #expect(field.text == "eLlo")
    _ = field.handle(.end)
    _ = field.handle(.character(" "))
    for character in "big world" { _ = field.handle(.character(character)) }
    _ = field.handle(.control("w"))
    #expect(field.text == "eLlo big ")
    _ = field.handle(.control("u"))
    #expect(field.text == "")
    let usedUp = field.handle(.up)
    #expect(!usedUp)
  }

  @Test func textFieldScrollsToKeepTheCursorVisible() {
    let field = TextField("abcdefghij")
    let canvas = Canvas.drawing(width: 6, height: 1) {
      field.draw(into: &$0, at: Point(x: 0, y: 0), width: 6)
    }
    #expect(canvas.text == "fghij")
    #expect(canvas[5, 0].style.reverse)
  }

  @Test func textBlockWraps() {
    let block = TextBlock("one two three four")
    #expect(block.height(forWidth: 9) == 3)
    let canvas = Canvas.drawing(width: 9, height: 3) { block.draw(into: &$0) }
    #expect(canvas.lines == ["one two", "three", "four"])
  }
}
